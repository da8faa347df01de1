import { DateTime } from 'luxon';
import { ApiError } from '../common/errors/api-error';
import { Message, msg } from '../common/i18n/message';
import { DATE_OUT_OF_RANGE, STORED_DATES_OUT_OF_RANGE, isStorable, parseDateInput } from '../common/parsing/date-input';
import { zoneNamed } from '../common/parsing/timezone';
import { atWallClock, wallClockDate } from '../common/parsing/wall-clock';
import { CreateEventDto, EventDateInput } from './dto/create-event.dto';
import { UpdateEventFields } from './dto/update-event.dto';
import { EventEntity } from './event.entity';
import { timezoneAbbreviation } from './timezone-abbr';

/** What a create or an update was sent with. */
export type EventInput = Partial<CreateEventDto> | UpdateEventFields;

/** A 400's reasons by parameter, filled as the validation pass finds them. */
export type Reasons = Record<string, Message>;

/** An event's dates as the row stores them: wall clocks in its zone, instants, the zone's abbreviation at the start. */
export interface PlannedDates {
  startLocal: Date;
  endLocal: Date;
  startUtc: Date;
  endUtc: Date;
  abbr: string;
}

/**
 * The event's dates in its zone (CONTRACT §3): values with an offset are converted into it;
 * `all_day` spans whole days; the end may not be before the start. Undefined when neither the
 * dates, the zone nor `all_day` change.
 */
export function planDates(input: EventInput, current: EventEntity | null, zoneName: string, reasons: Reasons): PlannedDates | undefined {
  const zoneChanged = current !== null && zoneName !== current.timezone;
  if (current && input.startDate === undefined && input.endDate === undefined && !zoneChanged && input.allDay === undefined)
    return undefined;
  const zone = zoneNamed(zoneName);
  const now = DateTime.now();
  const read = (name: 'start_date' | 'end_date', given: EventDateInput | undefined, stored: Date | undefined): DateTime | undefined => {
    if (given !== undefined) {
      const parsed = parseDateInput(given.raw, { zone, now });
      if (parsed.ok) return parsed.value.dateTime;
      reasons[name] = parsed.reason;
      return undefined;
    }
    // The stored wall clock, read in the (possibly new) zone.
    return stored && atWallClock(wallFields(stored), zone);
  };
  let start = read('start_date', input.startDate, current?.startLocal);
  let end = read('end_date', input.endDate, current?.endLocal);
  if (!start || !end) return undefined;
  // null: all_day cleared, so false (apply stores the same).
  if (input.allDay === null ? false : (input.allDay ?? current?.allDay ?? false)) {
    start = start.startOf('day');
    end = end.endOf('day');
  }
  start = start.startOf('second');
  end = end.startOf('second');
  // The whole days of an all-day event, or a stored wall clock in a new zone, may leave the years
  // the input was checked against (9999-12-31 all day, west of UTC, ends in the year 10000).
  // Blamed on the date when it was sent, else on what moved the stored one: the zone, else all_day.
  const bounds = [
    ['start_date', start, input.startDate],
    ['end_date', end, input.endDate],
  ] as const;
  const outside = bounds.filter(([, value]) => !isStorable(value));
  for (const [name, , given] of outside) {
    if (given !== undefined) reasons[name] = DATE_OUT_OF_RANGE;
    else reasons[zoneChanged ? 'timezone' : 'all_day'] = STORED_DATES_OUT_OF_RANGE;
  }
  if (outside.length) return undefined;
  if (end < start) {
    // On end_date whichever was sent (CONTRACT §3: "on `end_date`"; updates validate as creates).
    reasons.end_date = msg('The end date must not be before the start date.');
    return undefined;
  }
  return {
    startLocal: wallClockDate(start),
    endLocal: wallClockDate(end),
    startUtc: start.toJSDate(),
    endUtc: end.toJSDate(),
    abbr: timezoneAbbreviation(zoneName, start.toJSDate()),
  };
}

/**
 * `scope=all` sent through an occurrence: its dates are that occurrence's new dates, so the series
 * moves by as much as they move the occurrence (a calendar's "all events"), wall clock by wall
 * clock, rather than to them: the first event took the occurrence's calendar day (a four-week
 * event, or a first event moved past the occurrence, whose regeneration then deleted the event
 * being written: 404). A date that does not parse is passed on as sent, for validate to name.
 */
export function shiftedToSeries(
  input: UpdateEventFields,
  occurrence: EventEntity,
  series: EventEntity,
  zoneName: string,
): UpdateEventFields {
  if (input.startDate === undefined && input.endDate === undefined) return input;
  const zone = zoneNamed(zoneName);
  const now = DateTime.now();
  const shift = (given: EventDateInput, from: Date, to: Date, name: 'start_date' | 'end_date'): EventDateInput => {
    const parsed = parseDateInput(given.raw, { zone, now });
    if (!parsed.ok) return given;
    const wall = wallClockDate(parsed.value.dateTime);
    // Occurrences are keyed by their day: moving the series to other days would regenerate them
    // all, the one addressed included (it was a 404), and a BYDAY rule would not follow anyway.
    if (name === 'start_date' && dayOf(wall) !== dayOf(from))
      throw ApiError.invalidParam(
        name,
        msg("With scope=all an occurrence's start may change its time, not its day; change the series' first event."),
      );
    const moved = to.getTime() + (wall.getTime() - from.getTime());
    return { raw: DateTime.fromMillis(moved, { zone: 'utc' }).toFormat('yyyy-MM-dd HH:mm:ss') };
  };
  const shifted = Object.assign(Object.create(Object.getPrototypeOf(input) as object) as UpdateEventFields, input);
  if (input.startDate !== undefined) shifted.startDate = shift(input.startDate, occurrence.startLocal, series.startLocal, 'start_date');
  if (input.endDate !== undefined) shifted.endDate = shift(input.endDate, occurrence.endLocal, series.endLocal, 'end_date');
  return shifted;
}

/** The day of a stored wall-clock Date, `YYYY-MM-DD`. */
function dayOf(wall: Date): string {
  return wall.toISOString().slice(0, 10);
}

/** The UTC fields of a stored wall-clock Date. */
export function wallFields(value: Date) {
  return {
    year: value.getUTCFullYear(),
    month: value.getUTCMonth() + 1,
    day: value.getUTCDate(),
    hour: value.getUTCHours(),
    minute: value.getUTCMinutes(),
    second: value.getUTCSeconds(),
  };
}
