import { Created } from '../common/http/created';
import { allocatePostId } from '../posts/post-id';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Not } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { can } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { Message, msg } from '../common/i18n/message';
import { resolveAuthor } from '../posts/author';
import { publicationMoment, storedMoment } from '../posts/post-dates';
import { unreadableRead } from '../posts/readable';
import { SlugOptions, SlugStart, retryOnSlugConflict, slugRead, uniqueSlug } from '../posts/slug';
import { isDueToPublish, scaleStatus, scheduledStatus } from '../posts/status';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { insertComplete } from '../database/insert-complete';
import { lockForUpdate, transaction } from '../database/transaction';
import { assertLinksCurrent } from './linked-current';
import { JsonRead, readTogether } from '../database/read-together';
import { usableMediaRead } from '../media/media-access';
import { MediaService } from '../media/media.service';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { OrganizersService } from '../organizers/organizers.service';
import { CATEGORY, TAG } from '../terms/taxonomy';
import { VenueEntity } from '../venues/venue.entity';
import { VenuesService } from '../venues/venues.service';
import { CreateEventDto, LinkedInput } from './dto/create-event.dto';
import { UpdateEventFields } from './dto/update-event.dto';
import { deleteOccurrences, updateOccurrences } from './recurrence/occurrence-rows';
import { EventEntity } from './event.entity';
import { reparentChildren } from './event-children';
import { missingEventError } from './event-not-found';
import { LinkKind, eventLinks } from './event-links';
import { EventView } from './event.presenter';
import { CountedEvent, recordEventChanges } from './event-day-counts';
import { countedWrite } from './counted-write';
import { CategoryTrees } from './category-trees';
import { notesComplete } from '../database/write-notes';
import { CountedState, UNCOUNTED, adjustTermCounts, createTerms, termRefsOfWrite } from './event-terms';
import { EventsQueryService } from './events-query.service';
import { EventInput, PlannedDates, Reasons, planDates, shiftedToSeries } from './event-dates-plan';
import { assertMayTouch, blameOfDates, seriesScope, trashChanges } from './series-writes';
import { getArgSpecs } from '../common/params/arg-spec';
import { RecurrenceService, SeriesRole } from './recurrence/recurrence.service';
import { Scope } from './recurrence/recurrence-params';
import { endSeriesBefore, splitSeries } from './recurrence/series-split';

/**
 * Each round of racing writes has a winner; a loser runs again and picks the next slug (or finds
 * the term another request created). Enough rounds for bursts of concurrent creates.
 */
const WRITE_ATTEMPTS = 10;

/** What the validation pass found, for the writing pass; nothing is written before it is complete. */
interface Plan {
  authorId: number;
  zoneName: string;
  dates?: PlannedDates;
  categories?: { ids: number[]; missing: string[] };
  tags?: { ids: number[]; missing: string[] };
  venues?: LinkedPlan;
  organizers?: LinkedPlan;
  /** The slug's text and uniqueSlug's first read, done with the lookups: set when the write sets a slug. */
  slug?: { text: string; start: SlugStart };
}

/** An event's slug falls back to `event`; its own slug is no conflict. */
function slugOptions(current: EventEntity | null): SlugOptions {
  return { fallback: 'event', excludeId: current?.id };
}

/** Venues or organizers in the order given: existing ids, or the validated fields of new ones. */
type LinkedPlan = ({ kind: 'id'; id: number } | { kind: 'new'; args: object })[];

export interface DeletedEvent {
  deleted: true;
  previous: EventView;
}

/**
 * Event writes (CONTRACT §3): everything in one transaction, validated before anything is
 * written, so a refused write leaves no trace (no orphan venue, organizer, term or image).
 * `terms.count` is adjusted in the same transaction by what the write changed.
 */
@Injectable()
export class EventsWriteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: EventsQueryService,
    private readonly media: MediaService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly urls: Urls,
    private readonly recurrence: RecurrenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(input: CreateEventDto, user: AuthUser): Promise<Created<EventView>> {
    return retryOnSlugConflict(
      () =>
        transaction(this.dataSource, async (manager) => {
          const event = new EventEntity();
          const plan = await this.validate(manager, input, user, null);
          const { counted: after, trees } = await this.apply(manager, event, input, user, plan, null);
          if (input.recurrence?.lines.length) await this.recurrence.setRule(manager, event, input.recurrence);
          const [body] = await this.query.present([event], user, { written: true }, manager);
          // Last (but for an Idempotency-Key's response, one UPDATE by primary key after the work):
          // the day counts of popular days are the hottest rows, locked until the commit. No parent
          // of a category changed since apply locked the trees: they need no second read.
          await recordEventChanges(manager, [{ id: event.id, before: null, after }], trees);
          notesComplete();
          return new Created(body, this.urls.rest('events', event.id));
        }),
      WRITE_ATTEMPTS,
    );
  }

  /** A true partial update (CONTRACT §3); a `status` restores a trashed event, its absence keeps it there. */
  async update(subject: EventEntity, input: UpdateEventFields, user: AuthUser): Promise<EventView> {
    return (await this.updateIf(subject.id, input, user, () => true))!;
  }

  /**
   * ScheduledPublisher: `publish` for an event that, on its row locked for update, is still
   * `future` and due (an editor may have changed it since the publisher found it); whether it was.
   */
  async publishIfDue(id: number, user: AuthUser, now: Date): Promise<boolean> {
    return (await this.updateIf(id, { status: 'publish' }, user, (current) => isDueToPublish(current, now))) !== undefined;
  }

  /** update, when `proceed` accepts the locked row (else nothing is written: undefined). */
  private async updateIf(
    id: number,
    input: UpdateEventFields,
    user: AuthUser,
    proceed: (current: EventEntity) => boolean,
  ): Promise<EventView | undefined> {
    return retryOnSlugConflict(
      () =>
        transaction(this.dataSource, async (manager) => {
          const current = await this.lockedEvent(manager, id);
          if (!proceed(current)) return undefined;
          const role = await this.recurrence.roleOf(manager, current.id);
          const scope = seriesScope(role, input.scope, input.recurrence !== undefined);
          const touched = await this.touchedIds(manager, current, role, scope);
          await assertMayTouch(manager, touched, current.id, user, 'edit');
          await countedWrite(manager, touched, async () => {
            if (role.kind === 'occurrence' && scope !== 'this') {
              await this.updateSeries(manager, current, role, scope, input, user);
            } else {
              const plan = await this.validate(manager, input, user, current);
              const status = current.status;
              await this.apply(manager, current, input, user, plan, current);
              await this.afterUpdate(manager, current, role, input, status);
            }
          });
          const written = await this.query.findOrFail({ id: current.id }, manager);
          const [body] = await this.query.present([written], user, { written: true }, manager);
          return body;
        }),
      WRITE_ATTEMPTS,
    );
  }

  /** DELETE: to the trash (410 when it is there already), or permanently with `force`. */
  async remove(subject: EventEntity, input: { force?: boolean; scope?: Scope }, user: AuthUser): Promise<EventView | DeletedEvent> {
    return transaction(this.dataSource, async (manager) => {
      const current = await this.lockedEvent(manager, subject.id);
      const role = await this.recurrence.roleOf(manager, current.id);
      const scope = seriesScope(role, input.scope, false);
      const [previous] = await this.query.present([current], user, { written: true }, manager);
      const touched = await this.touchedIds(manager, current, role, scope);
      await assertMayTouch(manager, touched, current.id, user, 'delete');
      const deleted = await countedWrite(manager, touched, async () => {
        if (role.kind !== 'none' && scope !== 'this') {
          const seriesId = role.kind === 'series' ? current.id : role.occurrence.seriesId;
          const following =
            scope === 'following' ? (role as { occurrence: { occurrenceDate: string } }).occurrence.occurrenceDate : undefined;
          const ids = await this.recurrence.occurrenceIds(manager, seriesId, following);
          if (scope === 'all' && current.id !== seriesId) await this.lockedEvent(manager, seriesId);
          const first = scope === 'all' ? seriesId : current.id;
          if (input.force === true) {
            // Permanently deleted occurrences keep their (series, date) key, so the rule does not make them again.
            await deleteOccurrences(
              manager,
              ids.filter((id) => id !== first),
              scope === 'following',
            );
            if (scope === 'all' || first !== seriesId) await this.deleteEvent(manager, first);
            // The rule ends the day before: the horizon made the later dates again (published).
            if (following !== undefined)
              await endSeriesBefore(manager, this.recurrence, await this.lockedEvent(manager, seriesId), following);
            return true;
          }
          const modified = storedMoment(new Date(), this.config.siteTimezone);
          await this.trashEvent(manager, first, modified);
          await updateOccurrences(
            manager,
            await trashChanges(
              manager,
              ids.filter((id) => id !== first),
              modified,
            ),
          );
        } else if (input.force === true) {
          await this.deleteEvent(manager, current.id);
          return true;
        } else {
          await this.trashEvent(manager, current.id, storedMoment(new Date(), this.config.siteTimezone));
          // Trashed on its own: restoring the series later does not bring it back.
          if (role.kind === 'occurrence') await this.recurrence.markEdited(manager, role.occurrence, ['status']);
        }
        return false;
      });
      if (deleted) return { deleted: true, previous };
      const trashed = await this.query.findOrFail({ id: current.id }, manager);
      const [body] = await this.query.present([trashed], user, { written: true }, manager);
      return body;
    });
  }

  /** The event rows an update or delete of `current` may change: itself, or all of its series. */
  private async touchedIds(manager: EntityManager, current: EventEntity, role: SeriesRole, scope: Scope | undefined): Promise<number[]> {
    if (role.kind === 'none' || (role.kind === 'occurrence' && scope === 'this')) return [current.id];
    const seriesId = role.kind === 'series' ? current.id : role.occurrence.seriesId;
    return [...new Set([current.id, seriesId, ...(await this.recurrence.occurrenceIds(manager, seriesId))])];
  }

  /** Permanently: its link rows go with it (ON DELETE CASCADE), and its terms count it no more. */
  private async deleteEvent(manager: EntityManager, id: number): Promise<void> {
    const before: CountedState = { status: (await this.lockedEvent(manager, id)).status, termIds: await this.termIdsOf(manager, id) };
    await reparentChildren(manager, [id]);
    await manager.delete(EventEntity, { id });
    await adjustTermCounts(manager, before, UNCOUNTED);
  }

  /** To the trash; 410 when it is there already. */
  private async trashEvent(manager: EntityManager, id: number, modified: { utc: Date; local: Date }): Promise<void> {
    const before: CountedState = { status: (await this.lockedEvent(manager, id)).status, termIds: await this.termIdsOf(manager, id) };
    const result = await manager.update(
      EventEntity,
      { id, status: Not('trash') },
      { status: 'trash', trashedFrom: before.status, modifiedAt: modified.utc, modifiedLocal: modified.local },
    );
    if (!result.affected) throw ApiError.of('event-is-in-trash');
    await adjustTermCounts(manager, before, { status: 'trash', termIds: before.termIds });
  }

  /**
   * What the recurrence of an event needs after its own row was updated with `input`. A status
   * that scheduling changed (scheduledStatus, `statusBefore` the write's) counts as sent: the
   * occurrences of a series follow it, and an occurrence holds it as its own.
   */
  private async afterUpdate(
    manager: EntityManager,
    event: EventEntity,
    role: SeriesRole,
    input: UpdateEventFields,
    statusBefore: string,
  ): Promise<void> {
    const params = givenParams(input);
    if (event.status !== statusBefore && !params.includes('status')) params.push('status');
    if (role.kind === 'occurrence') return this.recurrence.markEdited(manager, role.occurrence, params);
    if (role.kind === 'none') {
      if (input.recurrence?.lines.length) await this.recurrence.setRule(manager, event, input.recurrence);
      return;
    }
    if (input.recurrence !== undefined) {
      if (input.recurrence?.lines.length) await this.recurrence.setRule(manager, event, input.recurrence);
      else return this.recurrence.endSeries(manager, event.id);
    } else if (params.some((param) => ['start_date', 'end_date', 'all_day', 'timezone'].includes(param))) {
      await this.recurrence.regenerate(manager, event, undefined, undefined, blameOfDates(params));
    }
    await this.recurrence.syncFields(manager, event, params, { modifiedAt: event.modifiedAt, modifiedLocal: event.modifiedLocal });
  }

  /** An update of an occurrence for the whole series (`all`) or this and the later ones (`following`). */
  private async updateSeries(
    manager: EntityManager,
    occurrence: EventEntity,
    role: Extract<SeriesRole, { kind: 'occurrence' }>,
    scope: Scope,
    input: UpdateEventFields,
    user: AuthUser,
  ): Promise<void> {
    if (scope === 'following') {
      const plan = await this.validate(manager, input, user, occurrence);
      await this.apply(manager, occurrence, input, user, plan, occurrence);
      await splitSeries(manager, this.recurrence, occurrence, role.occurrence);
      return;
    }
    const series = await this.lockedEvent(manager, role.occurrence.seriesId);
    const zoneName = input.timezone === undefined ? series.timezone : (input.timezone?.name ?? this.config.siteTimezone);
    const seriesInput = shiftedToSeries(input, occurrence, series, zoneName);
    const plan = await this.validate(manager, seriesInput, user, series);
    const status = series.status;
    await this.apply(manager, series, seriesInput, user, plan, series);
    await this.afterUpdate(manager, series, await this.recurrence.roleOf(manager, series.id), seriesInput, status);
  }

  /**
   * Every check that can refuse the write, reading only. Field-level problems are gathered into
   * one 400 rest_invalid_param; `author` for someone else without the right is 403 first.
   */
  private async validate(manager: EntityManager, input: EventInput, user: AuthUser, current: EventEntity | null): Promise<Plan> {
    const reasons: Reasons = {};
    const authorId = input.author !== undefined ? await resolveAuthor(manager, user, input.author) : (current?.authorId ?? user.id);
    const zoneName = input.timezone === undefined && current ? current.timezone : (input.timezone?.name ?? this.config.siteTimezone);
    const plan: Plan = { authorId, zoneName };

    const dates = planDates(input, current, zoneName, reasons);
    if (dates) plan.dates = dates;

    // Every lookup the checks need, in one statement (issue #14): the image, the parent, the
    // categories and tags, the venues and organizers, and the slug's first read. Then each is
    // judged in the order it was.
    // The event's own image stays usable whoever wrote it (an event read and sent back keeps it).
    const imageId = input.image?.kind === 'id' && input.image.id !== current?.imageId ? input.image.id : undefined;
    const parentId = input.postParent && !(current && input.postParent === current.id) ? input.postParent : undefined;
    const termParams = (['categories', 'tags'] as const).filter((name) => input[name] !== undefined);
    const linkedParams = (['venue', 'organizer'] as const).filter((name) => input[name] !== undefined);
    const linkedIds = (name: 'venue' | 'organizer') => (input[name] ?? []).filter((item) => item.kind === 'id').map((item) => item.id);
    // A create takes its slug from the title unless given one; an update changes it only when given one.
    const slugText = current === null ? (input.slug ?? input.title ?? '') : input.slug;
    const slugLookup: JsonRead<SlugStart | undefined> =
      slugText === undefined ? { selects: [], answer: () => undefined } : slugRead(manager, EventEntity, slugText, slugOptions(current));
    const [slugStart, imageFound, unreadableParent, terms, ...unreadable] = await readTogether(manager, [
      slugLookup,
      usableMediaRead(imageId, user),
      unreadableRead(manager, EventEntity, parentId === undefined ? [] : [parentId], user),
      termRefsOfWrite(
        termParams.map((name) => ({ taxonomy: name === 'categories' ? CATEGORY : TAG, refs: input[name] ?? [] })),
        can(user, 'manage_terms'),
      ),
      ...linkedParams.map((name) =>
        unreadableRead(manager, name === 'venue' ? VenueEntity : OrganizerEntity, linkedIds(name), user, { excludeTrash: true }),
      ),
    ]);

    if (slugText !== undefined && slugStart) plan.slug = { text: slugText, start: slugStart };
    if (imageId !== undefined && !imageFound) reasons.image = msg('No media has the id %s.', imageId);
    if (input.postParent) {
      if (parentId === undefined) reasons.post_parent = msg('An event cannot be its own parent.');
      // An event the caller may not read is reported like an unknown one (CONTRACT §2.4).
      else if (unreadableParent.length) reasons.post_parent = msg('No event has the id %s.', input.postParent);
      else if (current && (await isAncestorOf(manager, current.id, parentId))) {
        reasons.post_parent = msg('Event %s is below this event, so it cannot be its parent.', parentId);
      }
    }
    termParams.forEach((name, i) => {
      const resolved = terms[i];
      if ('ids' in resolved) plan[name] = resolved;
      else reasons[name] = resolved;
    });
    for (const [i, name] of linkedParams.entries()) {
      const service = name === 'venue' ? this.venues : this.organizers;
      const linked = unreadable[i].length
        ? msg('No %s has the id(s): %s.', linkedNoun(name), unreadable[i].join(', '))
        : await this.planLinked(service, name, input[name] ?? []);
      if (!Array.isArray(linked)) reasons[name] = linked;
      else if (name === 'venue') plan.venues = linked;
      else plan.organizers = linked;
    }

    if (Object.keys(reasons).length) throw ApiError.invalidParams(orderReasons(reasons));
    return plan;
  }

  /**
   * Venues or organizers whose ids were found readable (validate: existing ids must name
   * non-trashed rows the caller may read, others' unpublished ones are reported like unknown ids,
   * CONTRACT §2.4); objects are validated by the resource's own service (its create DTO and
   * rules), once, here; createNested writes what passed.
   */
  private async planLinked(
    service: { validateNested(body: Record<string, unknown>): Promise<object> },
    name: 'venue' | 'organizer',
    inputs: readonly LinkedInput[],
  ): Promise<LinkedPlan | Message> {
    const plan: LinkedPlan = [];
    for (const input of inputs) {
      if (input.kind === 'id') {
        if (!plan.some((item) => item.kind === 'id' && item.id === input.id)) plan.push(input);
        continue;
      }
      try {
        const args = await service.validateNested(input.data);
        plan.push({ kind: 'new', args });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const params = error.data.params;
        const names = Array.isArray(params)
          ? params.filter((param): param is string => typeof param === 'string')
          : Object.keys(params ?? {});
        const fields = names.join(', ');
        return error.code === 'rest_missing_callback_param'
          ? msg('The %s could not be created from the provided data: missing %s.', linkedNoun(name), fields)
          : msg('The %s could not be created from the provided data: invalid %s.', linkedNoun(name), fields);
      }
    }
    return plan;
  }

  /**
   * The writing pass: the row, new terms, nested venues and organizers, links, term counts.
   * Returns what event_day_counts sees of the event now (links not sent are `counted`'s, as before).
   */
  private async apply(
    manager: EntityManager,
    event: EventEntity,
    input: EventInput,
    user: AuthUser,
    plan: Plan,
    current: EventEntity | null,
    counted: CountedEvent | null = null,
  ): Promise<{ counted: CountedEvent; trees: CategoryTrees | null }> {
    const creating = current === null;
    const before: CountedState = creating ? UNCOUNTED : { status: current.status, termIds: await this.termIdsOf(manager, current.id) };
    const now = storedMoment(new Date(), this.config.siteTimezone);

    event.authorId = plan.authorId;
    if (input.title !== undefined) event.title = input.title;
    if (creating || input.status !== undefined) event.status = scaleStatus(user, input.status);
    if (creating || input.description !== undefined) event.description = input.description ?? '';
    if (creating || input.excerpt !== undefined) event.excerpt = input.excerpt ?? '';
    if (creating || input.password !== undefined) event.password = input.password ?? null;
    event.timezone = plan.zoneName;
    if (plan.dates) {
      event.startLocal = plan.dates.startLocal;
      event.endLocal = plan.dates.endLocal;
      event.startUtc = plan.dates.startUtc;
      event.endUtc = plan.dates.endUtc;
      event.timezoneAbbr = plan.dates.abbr;
    }
    if (creating || input.allDay !== undefined) event.allDay = input.allDay ?? false;
    if (creating || input.cost !== undefined) {
      event.cost = input.cost?.cost ?? null;
      event.currencySymbol = input.cost?.currencySymbol ?? '';
      event.currencyPosition = input.cost?.currencyPosition ?? 'prefix';
      event.currencyCode = '';
    }
    if (creating || input.website !== undefined) event.website = input.website ?? null;
    for (const flag of ['showMap', 'showMapLink', 'hideFromListings', 'sticky', 'featured', 'ticketed'] as const) {
      if (creating || input[flag] !== undefined) event[flag] = input[flag] ?? false;
    }
    if (creating || input.postParent !== undefined) event.postParent = input.postParent ?? 0;
    // An image's id was found by validate, in this transaction; a URL becomes a media row.
    if (creating || input.image !== undefined)
      event.imageId = !input.image
        ? null
        : input.image.kind === 'id'
          ? input.image.id
          : await this.media.resolveImage(input.image, plan.authorId, user, manager);

    const published = publicationMoment(input.date, input.dateUtc, this.config.siteTimezone);
    if (published || creating) {
      event.publishedAt = (published ?? now).utc;
      event.publishedLocal = (published ?? now).local;
    }
    event.status = scheduledStatus(event.status, event.publishedAt, now.utc);
    // Restored (or never trashed): what it was before the trash no longer applies.
    if (event.status !== 'trash') event.trashedFrom = null;
    event.modifiedAt = now.utc;
    event.modifiedLocal = now.local;
    if (plan.slug) {
      event.slug = await uniqueSlug(manager, EventEntity, plan.slug.text, slugOptions(current), plan.slug.start);
    }
    if (creating) {
      event.id = await allocatePostId(manager, 'event');
      await insertComplete(manager, EventEntity, event);
    } else {
      await manager.save(event);
    }

    const venueIds = plan.venues ? await this.createNested(manager, plan.venues, this.venues, user, 'venue') : undefined;
    if (venueIds) await this.linkPosts(manager, 'venue', event.id, venueIds, creating);
    const organizerIds = plan.organizers
      ? await this.createNested(manager, plan.organizers, this.organizers, user, 'organizer')
      : undefined;
    if (organizerIds) await this.linkPosts(manager, 'organizer', event.id, organizerIds, creating);
    // Terms last: their count rows are the hot locks shared with other writers, held until commit.
    const termIds = await this.newTermIds(manager, event.id, plan, creating);
    // Counts before links: the links' foreign-key checks then find the term rows already locked
    // for update, instead of two writers each holding a shared lock and waiting for the other's.
    const trees = await adjustTermCounts(manager, before, { status: event.status, termIds: termIds ?? before.termIds });
    if (termIds) await this.linkPosts(manager, 'term', event.id, termIds, creating);
    // Everything above planned from this transaction's snapshot: the posts linked before and after
    // must still be as it saw them (a concurrent term delete or venue/organizer trash that
    // committed since unlinked them and dropped their day counts; links or day counts written now
    // from the old view would outlive it). Share-locked here, so later ones wait for this commit.
    await assertLinksCurrent(manager, {
      termIds: [...before.termIds, ...(termIds ?? [])],
      venueIds: [...(counted?.venueIds ?? []), ...(venueIds ?? [])],
      organizerIds: [...(counted?.organizerIds ?? []), ...(organizerIds ?? [])],
    });
    const state: CountedEvent = {
      status: event.status,
      hideFromListings: event.hideFromListings,
      featured: event.featured,
      ticketed: event.ticketed,
      startUtc: event.startUtc,
      endUtc: event.endUtc,
      termIds: termIds ?? before.termIds,
      venueIds: venueIds ?? counted?.venueIds ?? [],
      organizerIds: organizerIds ?? counted?.organizerIds ?? [],
    };
    return { counted: state, trees };
  }

  /** The event's categories and tags after the write (new terms created), when either was sent. */
  private async newTermIds(manager: EntityManager, eventId: number, plan: Plan, creating: boolean): Promise<number[] | undefined> {
    if (!plan.categories && !plan.tags) return undefined;
    const existing = creating ? [] : await this.termIdsByTaxonomy(manager, eventId);
    const ids: number[] = [];
    for (const [taxonomy, resolved] of [
      [CATEGORY, plan.categories],
      [TAG, plan.tags],
    ] as const) {
      if (!resolved) {
        ids.push(...existing.filter((row) => row.taxonomy === taxonomy.name).map((row) => row.id));
        continue;
      }
      ids.push(...resolved.ids, ...(await createTerms(manager, taxonomy, resolved.missing)));
    }
    return [...new Set(ids)];
  }

  private async createNested<P extends VenueEntity | OrganizerEntity>(
    manager: EntityManager,
    plan: LinkedPlan,
    service: { createPost(args: never, user: AuthUser, manager: EntityManager): Promise<P> },
    user: AuthUser,
    name: 'venue' | 'organizer',
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const item of plan) {
      const id = item.kind === 'id' ? item.id : (await this.createLinkedPost(service, item.args, user, manager, name)).id;
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /**
   * The resource's own create (and duplicate rule). What it checks against the database (author,
   * image, publication date) is reported on `venue` or `organizer`.
   */
  private async createLinkedPost<P>(
    service: { createPost(args: never, user: AuthUser, manager: EntityManager): Promise<P> },
    args: object,
    user: AuthUser,
    manager: EntityManager,
    name: 'venue' | 'organizer',
  ): Promise<P> {
    try {
      return await service.createPost(args as never, user, manager);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'rest_invalid_param') throw error;
      const params = error.data.params;
      const fields = params && typeof params === 'object' && !Array.isArray(params) ? Object.keys(params).join(', ') : '';
      throw ApiError.invalidParam(name, msg('The %s could not be created from the provided data: invalid %s.', linkedNoun(name), fields));
    }
  }

  /** The event's links of a kind replaced by `ids` (in order); their rows copy the event's list columns. */
  private async linkPosts(
    manager: EntityManager,
    kind: LinkKind,
    eventId: number,
    ids: readonly number[],
    creating: boolean,
  ): Promise<void> {
    if (!creating) await eventLinks.removeForEvents(manager, kind, [eventId]);
    await eventLinks.insert(
      manager,
      kind,
      ids.map((postId, position) => ({ eventId, postId, position })),
    );
  }

  /**
   * The event row, locked until commit on MySQL: concurrent writes of one event then run one after
   * the other, each reading the status and terms the previous one left (the lock is the
   * transaction's first read, so its snapshot starts after it).
   */
  private async lockedEvent(manager: EntityManager, id: number): Promise<EventEntity> {
    const event = await lockForUpdate(manager, EventEntity, id);
    if (!event) throw await missingEventError(manager, id);
    return event;
  }

  private async termIdsOf(manager: EntityManager, eventId: number): Promise<number[]> {
    return (await eventLinks.linksOf(manager, [eventId])).get(eventId)?.termIds ?? [];
  }

  private termIdsByTaxonomy(manager: EntityManager, eventId: number): Promise<{ id: number; taxonomy: string }[]> {
    return eventLinks.termsOf(manager, eventId);
  }
}

/** The parameters an update was sent with. */
function givenParams(input: UpdateEventFields): string[] {
  const values = input as unknown as Record<string, unknown>;
  return getArgSpecs(UpdateEventFields)
    .filter((spec) => values[spec.property] !== undefined)
    .map((spec) => spec.name);
}

// The order of the create parameters, so a 400's reasons read like the request.
const PARAM_ORDER = ['author', 'start_date', 'end_date', 'image', 'categories', 'tags', 'venue', 'organizer', 'post_parent'];

function orderReasons(reasons: Reasons): Reasons {
  const names = [...PARAM_ORDER.filter((name) => name in reasons), ...Object.keys(reasons).filter((name) => !PARAM_ORDER.includes(name))];
  return Object.fromEntries(names.map((name) => [name, reasons[name]]));
}

/**
 * Whether `ancestor` is above `id` by post_parent (a parent, its parent...): making it `id`'s child
 * would close a cycle. UNION stops at a cycle already stored (written with SQL).
 */
async function isAncestorOf(manager: EntityManager, ancestor: number, id: number): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    'WITH RECURSIVE up (id) AS (SELECT post_parent FROM events WHERE id = ? ' +
      'UNION SELECT e.post_parent FROM events e INNER JOIN up ON e.id = up.id WHERE up.id <> 0) ' +
      'SELECT 1 AS found FROM up WHERE id = ? LIMIT 1',
    [id, ancestor],
  );
  return rows.length > 0;
}

/** The word for a linked post in a message, translated with it ("No venue has the id(s)..."). */
function linkedNoun(name: 'venue' | 'organizer'): Message {
  return name === 'venue' ? msg('venue') : msg('organizer');
}
