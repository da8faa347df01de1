import { DateTime, Zone } from 'luxon';
import { DataSource, EntityManager, In, MoreThan } from 'typeorm';
import { parseTimezone } from '../common/parsing/timezone';
import { atWallClock, otherInstantOfClock, wallClockDate } from '../common/parsing/wall-clock';
import { transaction } from '../database/transaction';
import { formatStoredDate, storedMoment } from '../posts/post-dates';
import { countedWrite } from './counted-write';
import { wallFields } from './event-dates-plan';
import { EventEntity } from './event.entity';
import { timezoneAbbreviation } from './timezone-abbr';

/** An event retimed: its stored wall clock, and the UTC start before and after (`YYYY-MM-DD HH:MM:SS`). */
export interface RetimedEvent {
  readonly id: number;
  readonly timezone: string;
  readonly startLocal: string;
  readonly startUtcBefore: string;
  readonly startUtcAfter: string;
}

/** An event left as it is, and why: a write must give it its times (an update of its dates). */
export interface SkippedEvent {
  readonly id: number;
  readonly timezone: string;
  readonly startLocal: string;
  readonly reason: string;
}

export interface RetimeResult {
  readonly checked: number;
  readonly retimed: RetimedEvent[];
  readonly skipped: SkippedEvent[];
}

const BATCH = 500;
const COLUMNS = {
  id: true,
  timezone: true,
  allDay: true,
  startLocal: true,
  endLocal: true,
  startUtc: true,
  endUtc: true,
  timezoneAbbr: true,
} as const;
type StoredTimes = Pick<EventEntity, keyof typeof COLUMNS>;
type Times = Pick<EventEntity, 'startLocal' | 'endLocal' | 'startUtc' | 'endUtc' | 'timezoneAbbr'>;
type Verdict = { kind: 'same' } | { kind: 'retime'; times: Times } | { kind: 'skip'; reason: string };

/**
 * `events:retime`: gives every event the instants its wall clocks name with the tz data in use
 * (README, Operations: Time-zone data). An event is written with both (`start_date` and
 * `utc_start_date`); when a zone's rules change (America/Vancouver from November 2026), the
 * instants stored before say another hour than the wall clocks: the wall clock is what the
 * organiser gave, so the instants follow it (also where the client sent an offset: the row does
 * not say so). A stored instant that is one of the two a repeated wall clock names (the hour
 * clocks go back) is kept: it was chosen. Each batch is one transaction that keeps the link rows'
 * copies and the per-day counts exact and sets `modified`, as any write does. Events it cannot
 * retime as a write would (an unknown zone; an end the new rules put before the start) are
 * skipped and named. `dryRun` reports and changes nothing.
 */
export async function retimeEvents(dataSource: DataSource, siteTimezone: string, options: { dryRun: boolean }): Promise<RetimeResult> {
  const retimed: RetimedEvent[] = [];
  const skipped: SkippedEvent[] = [];
  let checked = 0;
  for (let after = 0; ;) {
    const rows = await dataSource
      .getRepository(EventEntity)
      .find({ select: COLUMNS, where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: BATCH });
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    checked += rows.length;
    const stale: number[] = [];
    for (const row of rows) {
      const verdict = timesNow(row);
      if (verdict.kind === 'skip') skipped.push({ ...named(row), reason: verdict.reason });
      else if (verdict.kind === 'retime' && options.dryRun) retimed.push(report(row, verdict.times));
      else if (verdict.kind === 'retime') stale.push(row.id);
    }
    if (!stale.length) continue;
    // Read again under the write's locks: a write since the scan may have moved the event already.
    const done = await transaction(dataSource, (manager) => countedWrite(manager, stale, () => retime(manager, stale, siteTimezone)));
    retimed.push(...done);
  }
  return { checked, retimed, skipped };
}

async function retime(manager: EntityManager, ids: readonly number[], siteTimezone: string): Promise<RetimedEvent[]> {
  const rows = await manager.find(EventEntity, { select: COLUMNS, where: { id: In([...ids]) }, order: { id: 'ASC' } });
  const modified = storedMoment(new Date(), siteTimezone);
  const done: RetimedEvent[] = [];
  for (const row of rows) {
    const verdict = timesNow(row);
    if (verdict.kind !== 'retime') continue;
    await manager.update(EventEntity, row.id, { ...verdict.times, modifiedAt: modified.utc, modifiedLocal: modified.local });
    done.push(report(row, verdict.times));
  }
  return done;
}

/** The times the event's wall clocks give with the tz data in use, placed as a write places them (planDates). */
function timesNow(row: StoredTimes): Verdict {
  const parsed = parseTimezone(row.timezone);
  if (!parsed.ok) return { kind: 'skip', reason: 'its time zone is not one the service knows' };
  const zone = parsed.value.zone;
  let start: DateTime;
  let end: DateTime;
  if (row.allDay) {
    // Whole days: from the start of the first (01:00 where midnight is skipped) to the end of the last.
    start = atWallClock(dayOf(row.startLocal), zone).startOf('day');
    end = atWallClock(dayOf(row.endLocal), zone).endOf('day').startOf('second');
  } else {
    start = placed(row.startLocal, row.startUtc, zone);
    end = placed(row.endLocal, row.endUtc, zone);
  }
  if (end < start) return { kind: 'skip', reason: 'its end would come before its start (a clock the new rules skip)' };
  const times: Times = {
    // A wall clock that falls in a gap of the new rules moves forward with its instant.
    startLocal: wallClockDate(start),
    endLocal: wallClockDate(end),
    startUtc: start.toJSDate(),
    endUtc: end.toJSDate(),
    timezoneAbbr: timezoneAbbreviation(row.timezone, start.toJSDate()),
  };
  const same =
    times.startUtc.getTime() === row.startUtc.getTime() &&
    times.endUtc.getTime() === row.endUtc.getTime() &&
    times.startLocal.getTime() === row.startLocal.getTime() &&
    times.endLocal.getTime() === row.endLocal.getTime();
  return same ? { kind: 'same' } : { kind: 'retime', times };
}

/** The instant of a stored wall clock: the first of a repeated clock, unless the second is the one stored (chosen by an offset). */
function placed(wall: Date, stored: Date, zone: Zone): DateTime {
  const first = atWallClock(wallFields(wall), zone);
  const second = otherInstantOfClock(zone, first.toMillis());
  return second === stored.getTime() ? DateTime.fromMillis(second, { zone }) : first;
}

function dayOf(wall: Date) {
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

function named(row: StoredTimes) {
  return { id: row.id, timezone: row.timezone, startLocal: formatStoredDate(row.startLocal) };
}

function report(row: StoredTimes, times: Times): RetimedEvent {
  return { ...named(row), startUtcBefore: formatStoredDate(row.startUtc), startUtcAfter: formatStoredDate(times.startUtc) };
}
