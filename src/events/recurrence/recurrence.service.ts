import { Inject, Injectable, Logger } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, In } from 'typeorm';
import { zoneNamed } from '../../common/parsing/timezone';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { startsWith } from '../../database/prefix-match';
import { lockForUpdate, transaction } from '../../database/transaction';
import { EventEntity } from '../event.entity';
import { EventLinkIds, eventLinks } from '../event-links';
import { assertLinksCurrent } from '../linked-current';
import { timezoneAbbreviation } from '../timezone-abbr';
import { NewOccurrence, OccurrenceChange, deleteOccurrences, insertOccurrences, updateOccurrences } from './occurrence-rows';
import { ApiError } from '../../common/errors/api-error';
import { OCCURRENCE_OUT_OF_RANGE, isStorableDate } from '../../common/parsing/date-input';
import { PlannedOccurrence, expandSeries } from './recurrence-expand';
import { ParsedRecurrence, parseRecurrence } from './recurrence-lines';
import { EventOccurrenceEntity, EventSeriesEntity } from './recurrence.entity';

const DAY_MS = 86_400_000;

/** What an event is to recurrence: a series (its first event), an occurrence, or neither. */
export type SeriesRole =
  | { readonly kind: 'series'; readonly series: EventSeriesEntity }
  | { readonly kind: 'occurrence'; readonly occurrence: EventOccurrenceEntity }
  | { readonly kind: 'none' };

/** The edited-field key of the dates: start_date, end_date, all_day and timezone move an occurrence together. */
export const DATES_KEY = 'dates';
const DATE_PARAMS = new Set(['start_date', 'end_date', 'all_day', 'timezone']);

/** Parameters an occurrence shares with its series, and the columns each one writes. */
const SHARED_COLUMNS: Record<string, readonly (keyof EventEntity)[]> = {
  title: ['title'],
  description: ['description'],
  excerpt: ['excerpt'],
  password: ['password'],
  status: ['status'],
  author: ['authorId'],
  date: ['publishedAt', 'publishedLocal'],
  date_utc: ['publishedAt', 'publishedLocal'],
  image: ['imageId'],
  cost: ['cost', 'currencySymbol', 'currencyCode', 'currencyPosition'],
  website: ['website'],
  show_map: ['showMap'],
  show_map_link: ['showMapLink'],
  hide_from_listings: ['hideFromListings'],
  sticky: ['sticky'],
  featured: ['featured'],
  ticketed: ['ticketed'],
};
const SHARED_LINKS = ['categories', 'tags', 'venue', 'organizer'] as const;

/** The edited-field key of a parameter of an occurrence's update. */
export function editedKey(param: string): string | undefined {
  if (DATE_PARAMS.has(param)) return DATES_KEY;
  if (param === 'categories' || param === 'tags') return 'terms';
  return param in SHARED_COLUMNS || (SHARED_LINKS as readonly string[]).includes(param) ? param : undefined;
}

/**
 * Series and their occurrences (issue #16): a series is its first event; each further occurrence
 * is an event whose post_parent is the series, keyed by (series, date) in event_occurrences.
 * Every method runs inside the caller's transaction, except the horizon's own.
 */
@Injectable()
export class RecurrenceService {
  private readonly logger = new Logger('Recurrence');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  horizon(now = new Date()): Date {
    return new Date(now.getTime() + this.config.recurrenceHorizonDays * DAY_MS);
  }

  async roleOf(manager: EntityManager, eventId: number): Promise<SeriesRole> {
    const series = await manager.findOne(EventSeriesEntity, { where: { id: eventId } });
    if (series) return { kind: 'series', series };
    const occurrence = await manager.findOne(EventOccurrenceEntity, { where: { eventId } });
    return occurrence ? { kind: 'occurrence', occurrence } : { kind: 'none' };
  }

  /**
   * Makes `event` the first of a series with `recurrence`, or gives an existing series new lines;
   * regenerates. `carried`: keys of a split's later dates that the new series keeps as they are
   * (a date deleted for good, an occurrence trashed on its own), written before it regenerates.
   * `blame`: the parameter a 400 names when an occurrence cannot be stored.
   */
  async setRule(
    manager: EntityManager,
    event: EventEntity,
    recurrence: ParsedRecurrence,
    carried: readonly EventOccurrenceEntity[] = [],
    blame = 'recurrence',
  ): Promise<void> {
    const existing = await manager.findOne(EventSeriesEntity, { where: { id: event.id } });
    const horizon = this.horizon();
    const row = Object.assign(existing ?? new EventSeriesEntity(), {
      id: event.id,
      recurrence: JSON.stringify(recurrence.lines),
      generatedUntil: horizon,
    });
    await manager.save(EventSeriesEntity, row);
    if (carried.length) await manager.insert(EventOccurrenceEntity, [...carried]);
    await this.regenerate(manager, event, recurrence, horizon, blame);
  }

  /** Ends a series (`recurrence: []`): its occurrences are deleted, the first event stays alone. */
  async endSeries(manager: EntityManager, seriesId: number): Promise<void> {
    const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId } });
    await deleteOccurrences(manager, eventIdsOf(markers));
    await manager.delete(EventSeriesEntity, { id: seriesId });
  }

  /**
   * Brings the stored occurrences in line with the series' first event and rule: dates the rule no
   * longer makes go (unless edited on their own: exceptions keep their dates), occurrences whose
   * date stays keep their id and get the new times, missing dates are inserted. An occurrence whose
   * dates leave the years a DATETIME holds (the first event's length after a later start: one
   * ending 9999-12-31) is a 400 on `blame`, inside the write's transaction, so nothing is kept.
   */
  async regenerate(
    manager: EntityManager,
    series: EventEntity,
    recurrence?: ParsedRecurrence,
    horizon?: Date,
    blame = 'end_date',
  ): Promise<void> {
    const stored = await manager.findOne(EventSeriesEntity, { where: { id: series.id } });
    if (!stored) return;
    const rule = recurrence ?? storedRecurrence(stored);
    const plan = expandSeries(seriesStart(series), rule, horizon ?? stored.generatedUntil);
    if (!plan.every(storable)) throw ApiError.invalidParam(blame, OCCURRENCE_OUT_OF_RANGE);
    const planned = new Map(plan.map((item) => [item.date, item]));
    const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId: series.id } });
    const known = new Set(markers.map((marker) => marker.occurrenceDate));

    const gone = markers.filter((marker) => !planned.has(marker.occurrenceDate) && !isEdited(marker, DATES_KEY));
    const goneSet = new Set(gone);
    await deleteOccurrences(manager, eventIdsOf(gone));
    const tombstones = gone.filter((marker) => marker.eventId === null);
    for (const marker of tombstones)
      await manager.delete(EventOccurrenceEntity, { seriesId: series.id, occurrenceDate: marker.occurrenceDate });

    const kept = markers.filter((marker) => marker.eventId !== null && planned.has(marker.occurrenceDate) && !isEdited(marker, DATES_KEY));
    const current = kept.length ? await manager.find(EventEntity, { where: { id: In(eventIdsOf(kept)) } }) : [];
    const byId = new Map(current.map((event) => [event.id, event]));
    const changes: OccurrenceChange[] = [];
    for (const marker of kept) {
      const item = planned.get(marker.occurrenceDate)!;
      const event = byId.get(marker.eventId!);
      if (event && sameDates(event, item, series)) continue;
      changes.push({ ids: [marker.eventId!], columns: datesOf(item, series) });
    }
    // The rule's wall clock of every date that stays (RECURRENCE-ID in feeds), also of an
    // occurrence moved on its own, which keeps its dates: a stale one named no instance.
    for (const marker of markers.filter((m) => m.eventId !== null)) {
      const item = planned.get(marker.occurrenceDate);
      if (item && marker.originalStartLocal.getTime() !== item.startLocal.getTime())
        await manager.update(
          EventOccurrenceEntity,
          { seriesId: series.id, occurrenceDate: marker.occurrenceDate },
          { originalStartLocal: item.startLocal },
        );
    }
    await updateOccurrences(manager, changes);
    await this.insertDates(
      manager,
      series,
      plan.filter((item) => !known.has(item.date)),
      markers.filter((marker) => !goneSet.has(marker)),
    );
  }

  /**
   * `scope=all`: the series' values of the given parameters go to every occurrence that did not
   * change that parameter on its own.
   */
  async syncFields(
    manager: EntityManager,
    series: EventEntity,
    params: readonly string[],
    modified: Pick<EventEntity, 'modifiedAt' | 'modifiedLocal'>,
  ): Promise<void> {
    const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId: series.id } });
    const live = markers.filter((marker) => marker.eventId !== null);
    if (!live.length) return;
    const targets = (key: string) => eventIdsOf(live.filter((marker) => !isEdited(marker, key)));
    const links = await linksOf(manager, series.id);
    const changes: OccurrenceChange[] = [{ ids: eventIdsOf(live), columns: { ...modified } }];
    for (const param of new Set(params)) {
      const key = editedKey(param);
      if (!key || key === DATES_KEY) continue;
      if (param in SHARED_COLUMNS) {
        const columns = Object.fromEntries(SHARED_COLUMNS[param].map((column) => [column, series[column]]));
        changes.push({ ids: targets(key), columns });
      } else if (key === 'terms') changes.push({ ids: targets(key), termIds: links.termIds });
      else if (param === 'venue') changes.push({ ids: targets(key), venueIds: links.venueIds });
      else if (param === 'organizer') changes.push({ ids: targets(key), organizerIds: links.organizerIds });
    }
    await updateOccurrences(manager, changes);
  }

  /** `scope=this` on an occurrence: what it changed is its own from now on. */
  async markEdited(manager: EntityManager, occurrence: EventOccurrenceEntity, params: readonly string[]): Promise<void> {
    const keys = new Set(occurrence.edited.split(',').filter(Boolean));
    for (const param of params) {
      const key = editedKey(param);
      if (key) keys.add(key);
    }
    const edited = keys.size ? `,${[...keys].sort().join(',')},` : '';
    if (edited !== occurrence.edited)
      await manager.update(EventOccurrenceEntity, { seriesId: occurrence.seriesId, occurrenceDate: occurrence.occurrenceDate }, { edited });
  }

  /** The live occurrence events of a series, from `fromDate` (YYYY-MM-DD) on when given. */
  async occurrenceIds(manager: EntityManager, seriesId: number, fromDate?: string): Promise<number[]> {
    const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId } });
    return eventIdsOf(markers.filter((marker) => fromDate === undefined || marker.occurrenceDate >= fromDate));
  }

  /** Moves every series' horizon forward, each in its own short transaction; safe to run anywhere, any number of times. */
  async extendAll(now = new Date()): Promise<number> {
    const horizon = this.horizon(now);
    const due = await this.dataSource.manager
      .createQueryBuilder(EventSeriesEntity, 's')
      .select('s.id', 'id')
      .where('s.generatedUntil < :horizon', { horizon })
      .getRawMany<{ id: number | string }>();
    // One series that cannot be extended (a row written behind the app's back) must not hold back the others.
    for (const { id } of due) {
      try {
        await this.extend(Number(id), horizon);
      } catch (error) {
        this.logger.error(`series ${id} not extended: ${(error as Error).message}`);
      }
    }
    return due.length;
  }

  /** One series: locked, so two instances extending at once insert each date once (the (series, date) key also refuses it). */
  private extend(seriesId: number, horizon: Date): Promise<void> {
    return transaction(this.dataSource, async (manager) => {
      const stored = await lockForUpdate(manager, EventSeriesEntity, seriesId);
      if (!stored || stored.generatedUntil >= horizon) return;
      const series = await manager.findOne(EventEntity, { where: { id: seriesId } });
      if (!series) return;
      const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId } });
      const known = new Set(markers.map((marker) => marker.occurrenceDate));
      // Occurrences that could not be stored are not made (the write that set the series checked
      // those up to its horizon; a later one may still end beyond the year 9999).
      const plan = expandSeries(seriesStart(series), storedRecurrence(stored), horizon).filter(storable);
      await this.insertDates(
        manager,
        series,
        plan.filter((item) => !known.has(item.date)),
        markers,
      );
      await manager.update(EventSeriesEntity, { id: seriesId }, { generatedUntil: horizon });
    });
  }

  /** New dates of the series; `markers`: its stored ones (which says whether the new ones go to the trash). */
  private async insertDates(
    manager: EntityManager,
    series: EventEntity,
    items: readonly PlannedOccurrence[],
    markers: readonly EventOccurrenceEntity[],
  ): Promise<void> {
    if (!items.length) return;
    const links = await linksOf(manager, series.id);
    const slugs = await this.occurrenceSlugs(manager, series.slug, items);
    const { id: _id, ...template } = series;
    const trashedAfter = await this.trashedTail(manager, series, markers);
    const trashed = { status: 'trash', trashedFrom: series.status };
    const rows: NewOccurrence[] = items.map((item, index) => ({
      event: {
        ...template,
        ...datesOf(item, series),
        ...(trashedAfter !== undefined && item.date > trashedAfter ? trashed : {}),
        slug: slugs[index],
        postParent: series.id,
      },
      seriesId: series.id,
      date: item.date,
      originalStartLocal: item.startLocal,
      ...links,
    }));
    await insertOccurrences(manager, rows);
    // The links copied are the series' in this transaction's snapshot: a venue or organizer trashed
    // (or a term deleted) since then must not live on in new occurrences (the horizon job's own
    // transaction checked nothing else; an event write checked them already, and this costs it a statement).
    await assertLinksCurrent(manager, links);
  }

  /**
   * The day after which new dates of the series go to the trash: that of its last occurrence when
   * it is in the trash with the series' scope (DELETE `scope=following`), not on its own, and the
   * series is not. The horizon made them published after the trashed ones (and a restore of the
   * series with `all` brings them back with the others).
   */
  private async trashedTail(
    manager: EntityManager,
    series: EventEntity,
    markers: readonly EventOccurrenceEntity[],
  ): Promise<string | undefined> {
    if (series.status === 'trash') return undefined;
    const last = markers.reduce<EventOccurrenceEntity | undefined>(
      (found, marker) => (marker.eventId !== null && (!found || marker.occurrenceDate > found.occurrenceDate) ? marker : found),
      undefined,
    );
    if (!last || last.edited.includes(',status,')) return undefined;
    const event = await manager.findOne(EventEntity, { select: { id: true, status: true }, where: { id: last.eventId! } });
    return event?.status === 'trash' ? last.occurrenceDate : undefined;
  }

  /**
   * The series slug plus the date; a taken one gets -2, -3... (the unique index settles races).
   * The numbered slugs of a taken one are read too (one range of the slug index each), so that
   * the number chosen is free: another event may hold `<slug>-2` already.
   */
  private async occurrenceSlugs(manager: EntityManager, base: string, items: readonly PlannedOccurrence[]): Promise<string[]> {
    const stem = base.slice(0, 200 - 11 - 4);
    const wanted = items.map((item) => `${stem}-${item.date}`);
    const taken = new Set<string>();
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await manager.find(EventEntity, { select: { slug: true }, where: { slug: In(wanted.slice(i, i + 500)) } });
      for (const row of rows) taken.add(row.slug);
    }
    const clashes = wanted.filter((slug) => taken.has(slug));
    for (let i = 0; i < clashes.length; i += 100) {
      const query = manager.createQueryBuilder(EventEntity, 'e').select('e.slug', 'slug');
      query.where(
        new Brackets((ranges) =>
          clashes.slice(i, i + 100).forEach((slug, k) => {
            const numbered = startsWith(manager, 'e.slug', `${slug}-`, `numbered${k}`);
            ranges.orWhere(numbered.sql, numbered.params);
          }),
        ),
      );
      for (const row of await query.getRawMany<{ slug: string }>()) taken.add(row.slug);
    }
    return wanted.map((slug) => {
      if (!taken.has(slug)) return slug;
      let n = 2;
      while (taken.has(`${slug}-${n}`)) n++;
      taken.add(`${slug}-${n}`);
      return `${slug}-${n}`;
    });
  }
}

export function storedRecurrence(stored: EventSeriesEntity): ParsedRecurrence {
  const parsed = parseRecurrence(JSON.parse(stored.recurrence) as unknown, { stored: true });
  if (!parsed.ok) throw new RangeError(`Invalid stored recurrence of series ${stored.id}`);
  return parsed.value;
}

export function seriesStart(series: EventEntity) {
  return { startLocal: series.startLocal, endLocal: series.endLocal, zone: zoneNamed(series.timezone), allDay: series.allDay };
}

function isEdited(marker: EventOccurrenceEntity, key: string): boolean {
  return marker.edited.includes(`,${key},`);
}

function eventIdsOf(markers: readonly EventOccurrenceEntity[]): number[] {
  return markers.map((marker) => marker.eventId).filter((id): id is number => id !== null);
}

function datesOf(item: PlannedOccurrence, series: EventEntity): Partial<EventEntity> {
  return {
    startLocal: item.startLocal,
    endLocal: item.endLocal,
    startUtc: item.startUtc,
    endUtc: item.endUtc,
    timezone: series.timezone,
    timezoneAbbr: timezoneAbbreviation(series.timezone, item.startUtc),
    allDay: series.allDay,
  };
}

function sameDates(event: EventEntity, item: PlannedOccurrence, series: EventEntity): boolean {
  return (
    event.startUtc.getTime() === item.startUtc.getTime() &&
    event.endUtc.getTime() === item.endUtc.getTime() &&
    event.startLocal.getTime() === item.startLocal.getTime() &&
    event.endLocal.getTime() === item.endLocal.getTime() &&
    event.timezone === series.timezone &&
    event.allDay === series.allDay
  );
}

async function linksOf(manager: EntityManager, eventId: number): Promise<EventLinkIds> {
  return (await eventLinks.linksOf(manager, [eventId])).get(eventId) ?? { termIds: [], venueIds: [], organizerIds: [] };
}

/** Whether an occurrence's dates, wall clocks and instants, fit the years a DATETIME holds. */
function storable(item: PlannedOccurrence): boolean {
  return [item.startLocal, item.endLocal, item.startUtc, item.endUtc].every(isStorableDate);
}
