import { FixedOffsetZone, IANAZone, Zone } from 'luxon';
import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';
import { TzdbZone } from './tzdb-zone';

export interface ParsedTimezone {
  /** The name as the client sent it (trimmed): the API echoes it back. */
  name: string;
  zone: Zone;
}

const INVALID_TIMEZONE = msg(
  'Invalid time zone: use an IANA name such as "Europe/Berlin", "UTC" or a UTC offset such as "UTC+2" or "UTC-5:30".',
);

// WordPress stores manual offsets as decimal quarter hours ("UTC+5.5", "UTC+5.75"), so the
// reference's event objects carry them and clients send them back.
const OFFSET_PATTERN = /^utc([+-])(\d{1,2})(?::(\d{2})|\.(\d{1,2}))?$/i;
// Keeps Intl from being asked about arbitrary text (it also accepts forms such as "+02:00" on
// newer ICU versions, which are not zone names).
const IANA_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const MAX_OFFSET_MINUTES = 14 * 60;
// Asking Intl whether a zone exists builds a formatter each time (a fifth of an event write's own
// CPU, issue #7); the few names only ICU knows are remembered (bounded: Intl also accepts every
// casing of a name). Invalid ones are not.
const ICU_ONLY_ZONES = new Set<string>();
const MAX_ICU_ONLY_ZONES = 2_000;

/**
 * A time zone as clients and WordPress write it: "UTC", a manual offset ("UTC+2", "UTC+5.5",
 * "UTC-5:30") or a tz database name, converted with moment-timezone's copy of the database (see
 * TzdbZone). A name only Node's ICU knows (none in tz 2026f) is still accepted, converted by ICU.
 */
export function parseTimezone(raw: unknown): ParseResult<ParsedTimezone> {
  if (typeof raw !== 'string') return fail(INVALID_TIMEZONE);
  const name = raw.trim();
  if (name.toLowerCase() === 'utc') return ok({ name, zone: FixedOffsetZone.utcInstance });

  const offset = OFFSET_PATTERN.exec(name);
  if (offset) {
    const minutes = offsetMinutes(offset[2], offset[3], offset[4]);
    if (minutes === undefined) return fail(INVALID_TIMEZONE);
    return ok({ name, zone: FixedOffsetZone.instance(offset[1] === '-' ? -minutes : minutes) });
  }

  if (name.length > 64 || !IANA_PATTERN.test(name)) return fail(INVALID_TIMEZONE);
  const zone = TzdbZone.named(name);
  if (zone) return ok({ name, zone });
  if (ICU_ONLY_ZONES.has(name)) return ok({ name, zone: IANAZone.create(name) });
  if (IANAZone.isValidZone(name)) {
    if (ICU_ONLY_ZONES.size >= MAX_ICU_ONLY_ZONES) ICU_ONLY_ZONES.clear();
    ICU_ONLY_ZONES.add(name);
    return ok({ name, zone: IANAZone.create(name) });
  }
  return fail(INVALID_TIMEZONE);
}

/** The zone of a name already validated (SITE_TIMEZONE, a stored event's): what Luxon is given instead of the name. */
export function zoneNamed(name: string): Zone {
  const parsed = parseTimezone(name);
  if (!parsed.ok) throw new RangeError(`Invalid time zone "${name}"`);
  return parsed.value.zone;
}

/** Whether the zone is a tz database zone (named, with rules), not UTC or a fixed offset. */
export function isTzDatabaseZone(zone: Zone): boolean {
  return zone instanceof TzdbZone || zone.type === 'iana';
}

export function isValidTimezone(name: string): boolean {
  return parseTimezone(name).ok;
}

function offsetMinutes(hoursText: string, minutesText: string | undefined, decimalText: string | undefined): number | undefined {
  const hours = Number(hoursText);
  let minutes = 0;
  if (minutesText !== undefined) {
    minutes = Number(minutesText);
    if (minutes > 59) return undefined;
  } else if (decimalText !== undefined) {
    const hundredths = Number(decimalText.padEnd(2, '0'));
    if (hundredths % 25 !== 0) return undefined;
    minutes = (hundredths * 60) / 100;
  }
  const total = hours * 60 + minutes;
  return total <= MAX_OFFSET_MINUTES ? total : undefined;
}
