import { DateTime } from 'luxon';
import { DataSource, EntityManager, In, MoreThan } from 'typeorm';
import { parseTimezone } from '../common/parsing/timezone';
import { atWallClock, otherInstantOfClock, wallClockDate } from '../common/parsing/wall-clock';
import { transaction } from '../database/transaction';
import { formatStoredDate, storedMoment } from '../posts/post-dates';
import { countedWrite } from './counted-write';
import { wallFields } from './event-dates-plan';
import { EventEntity } from './event.entity';
import { timezoneAbbreviation } from './timezone-abbr';

/** An event whose stored instants the tz data in use no longer gives its wall clocks. */
export interface RetimedEvent {
  readonly id: number;
  readonly timezone: string;
  /** `YYYY-MM-DD HH:MM:SS`: the stored wall clock, and the UTC start before and after. */
  readonly startLocal: string;
  readonly startUtcBefore: string;
  readonly startUtcAfter: string;
}

const BATCH = 500;
const COLUMNS = { id: true, timezone: true, startLocal: true, endLocal: true, startUtc: true, endUtc: true, timezoneAbbr: true } as const;
type StoredTimes = Pick<EventEntity, keyof typeof COLUMNS>;
type Times = Pick<EventEntity, 'startLocal' | 'endLocal' | 'startUtc' | 'endUtc' | 'timezoneAbbr'>;

/**
 * `events:retime`: gives every event the instants its wall clocks name with the tz data in use
 * (README, Operations: Time-zone data). An event is written with both (`start_date` and
 * `utc_start_date`); when a zone's rules change (America/Vancouver from November 2026), the
 * instants stored before say another hour than the wall clocks: the wall clock is what the
 * organiser gave, so the instants follow it. A stored instant that is one of the two a repeated
 * wall clock names (the hour clocks go back) is kept: it was chosen. Each batch is one
 * transaction that keeps the link rows' copies and the per-day counts exact and sets `modified`,
 * as any write does. `dryRun` reports and changes nothing.
 */
export async function retimeEvents(
  dataSource: DataSource,
  siteTimezone: string,
  options: { dryRun: boolean },
): Promise<{ checked: number; retimed: RetimedEvent[] }> {
  const retimed: RetimedEvent[] = [];
  let checked = 0;
  for (let after = 0; ;) {
    const rows = await dataSource
      .getRepository(EventEntity)
      .find({ select: COLUMNS, where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: BATCH });
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    checked += rows.length;
    const stale = rows.filter((row) => timesNow(row) !== undefined);
    if (!stale.length) continue;
    if (options.dryRun) {
      retimed.push(...stale.map((row) => report(row, timesNow(row)!)));
      continue;
    }
    const ids = stale.map((row) => row.id);
    // Read again under the write's locks: a write since the scan may have moved the event already.
    retimed.push(...(await transaction(dataSource, (manager) => countedWrite(manager, ids, () => retime(manager, ids, siteTimezone)))));
  }
  return { checked, retimed };
}

async function retime(manager: EntityManager, ids: readonly number[], siteTimezone: string): Promise<RetimedEvent[]> {
  const rows = await manager.find(EventEntity, { select: COLUMNS, where: { id: In([...ids]) }, order: { id: 'ASC' } });
  const modified = storedMoment(new Date(), siteTimezone);
  const done: RetimedEvent[] = [];
  for (const row of rows) {
    const times = timesNow(row);
    if (!times) continue;
    await manager.update(EventEntity, row.id, { ...times, modifiedAt: modified.utc, modifiedLocal: modified.local });
    done.push(report(row, times));
  }
  return done;
}

/** The times the event's wall clocks give with the tz data in use; undefined when they are the ones stored (or its zone is not valid). */
function timesNow(row: StoredTimes): Times | undefined {
  const zone = parseTimezone(row.timezone);
  if (!zone.ok) return undefined;
  const at = (wall: Date, stored: Date): DateTime => {
    const first = atWallClock(wallFields(wall), zone.value.zone);
    // The second of a repeated clock, stored because the client's offset said so, is as right as the first.
    const second = otherInstantOfClock(zone.value.zone, first.toMillis());
    return second === stored.getTime() ? DateTime.fromMillis(second, { zone: zone.value.zone }) : first;
  };
  const start = at(row.startLocal, row.startUtc);
  const end = at(row.endLocal, row.endUtc);
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
  return same ? undefined : times;
}

function report(row: StoredTimes, times: Times): RetimedEvent {
  return {
    id: row.id,
    timezone: row.timezone,
    startLocal: formatStoredDate(row.startLocal),
    startUtcBefore: formatStoredDate(row.startUtc),
    startUtcAfter: formatStoredDate(times.startUtc),
  };
}
