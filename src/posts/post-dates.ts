import { DateTime } from 'luxon';
import { ParseContext } from '../common/params/arg-spec';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';
import { ParseResult } from '../common/parsing/parse-result';
import { ParsedDate, parseDateInput } from '../common/parsing/date-input';
import { wallClockDate } from '../common/parsing/wall-clock';
import { zoneNamed } from '../common/parsing/timezone';

/** `date`: a publication date, naive values read in SITE_TIMEZONE. */
export function parseLocalPublicationDate(raw: unknown, context: ParseContext): ParseResult<ParsedDate> {
  return parseDateInput(raw, { zone: context.siteTimezone, now: DateTime.fromJSDate(context.now) });
}

/** `date_utc`: a publication date, naive values read in UTC. */
export function parseUtcPublicationDate(raw: unknown, context: ParseContext): ParseResult<ParsedDate> {
  return parseDateInput(raw, { zone: 'UTC', now: DateTime.fromJSDate(context.now) });
}

/**
 * A moment as stored: `utc` the instant, `local` the SITE_TIMEZONE wall clock. Both are Dates
 * whose UTC fields are what the datetime column holds (seconds precision on both databases).
 */
export interface StoredMoment {
  readonly utc: Date;
  readonly local: Date;
}

export function storedMoment(instant: DateTime | Date, siteTimezone: string): StoredMoment {
  const dateTime = (instant instanceof Date ? DateTime.fromJSDate(instant) : instant).startOf('second');
  const wall = dateTime.setZone(zoneNamed(siteTimezone));
  return {
    utc: dateTime.toJSDate(),
    local: wallClockDate(wall),
  };
}

/**
 * The publication moment from `date` and/or `date_utc` (undefined when neither was sent). Sent
 * together they must name the same second, else nothing tells which one the client meant.
 */
export function publicationMoment(
  date: ParsedDate | undefined,
  dateUtc: ParsedDate | undefined,
  siteTimezone: string,
): StoredMoment | undefined {
  if (date && dateUtc && Math.floor(date.dateTime.toSeconds()) !== Math.floor(dateUtc.dateTime.toSeconds())) {
    throw ApiError.invalidParam('date_utc', msg('Names another moment than "date"; send one of them, or both for the same moment.'));
  }
  const instant = dateUtc?.dateTime ?? date?.dateTime;
  return instant ? storedMoment(instant, siteTimezone) : undefined;
}

/**
 * `YYYY-MM-DD HH:MM:SS` of a stored datetime (its UTC fields), as the reference writes dates.
 * Built from the fields: a list formats about 16 dates per event, and toISOString with its
 * slice and replace took three to four times as long (issue #14).
 */
export function formatStoredDate(value: Date): string {
  const year = value.getUTCFullYear();
  // toISOString's own form (and its RangeError for an invalid date) outside four-digit years.
  if (!(year >= 1000 && year <= 9999)) return value.toISOString().slice(0, 19).replace('T', ' ');
  return `${year}-${twoDigits(value.getUTCMonth() + 1)}-${twoDigits(value.getUTCDate())} ${twoDigits(value.getUTCHours())}:${twoDigits(value.getUTCMinutes())}:${twoDigits(value.getUTCSeconds())}`;
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
