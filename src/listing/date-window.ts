import { DateTime } from 'luxon';
import { zoneNamed } from '../common/parsing/timezone';

/** The date parameters of the events list, in the order the list links carry them. */
export const DATE_BOUNDS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;
export type DateBound = (typeof DATE_BOUNDS)[number];

export interface DateWindowInput {
  /** The bounds the request gave, already parsed, each in the zone it is written in (parseSiteDate). */
  readonly given: Partial<Record<DateBound, DateTime>>;
  /** `strict_dates`: use the instants exactly instead of widening to whole days. */
  readonly strict: boolean;
  /** The request's clock: the defaults are computed from it. */
  readonly now: DateTime;
  /** SITE_TIMEZONE: the days of the widening and of the defaults are days in this zone. */
  readonly siteZone: string;
  /** `include` ignores the date window entirely (CONTRACT §3). */
  readonly ignore?: boolean;
}

/** A resolved bound: the UTC instant the query compares with, and the value the links carry. */
export interface ResolvedBound {
  readonly instant: Date;
  /** The effective value as a site wall clock, `YYYY-MM-DD HH:MM:SS`. */
  readonly wallClock: string;
}

/**
 * The effective date filters of a list request. `start_date`: start >= bound; `end_date`:
 * end <= bound; `starts_after`/`starts_before`: start strictly after/before; `ends_after`/
 * `ends_before`: end strictly after/before.
 */
export type DateWindow = Partial<Record<DateBound, ResolvedBound>>;

const WALL_CLOCK = 'yyyy-MM-dd HH:mm:ss';
const DEFAULT_END_YEARS = 2;

/**
 * CONTRACT §3 "List": each bound is widened (start_date to 00:00:00 of its day, every other bound
 * to 23:59:59 of its day, days in the site zone) unless strict; `start_date` defaults to now and
 * `end_date` to two years from now, each widened like a given value; giving one keeps the other's
 * default; any starts_* or ends_* drops both defaults unless they were given.
 */
export function resolveDateWindow(input: DateWindowInput): DateWindow {
  if (input.ignore) return {};
  if (!input.strict && !DATE_BOUNDS.some((name) => input.given[name] !== undefined)) return defaultWindow(input.now, input.siteZone);
  return resolveGiven(input);
}

/**
 * The default window (no bound given, not strict): the site day of `now` and the day two years on,
 * the same for every request of a site day. Worked out once per day and zone: with Luxon it was
 * about 70 µs of every default list, and an anonymous list resolves it before its remembered page.
 */
function defaultWindow(now: DateTime, siteZone: string): DateWindow {
  const at = now.toMillis();
  let day = defaultWindows.get(siteZone);
  if (!day || at < day.from || at >= day.until) {
    const today = now.setZone(zoneNamed(siteZone)).startOf('day');
    const window = resolveGiven({ given: {}, strict: false, now, siteZone });
    day = { from: today.toMillis(), until: today.plus({ days: 1 }).toMillis(), window };
    defaultWindows.set(siteZone, day);
  }
  // Fresh objects for every request: the bounds' Dates go to query builders and links.
  const window: DateWindow = {};
  for (const name of DATE_BOUNDS) {
    const bound = day.window[name];
    if (bound) window[name] = { instant: new Date(bound.instant.getTime()), wallClock: bound.wallClock };
  }
  return window;
}

/**
 * The defaults of `start_date` and `end_date` as a request made at `now` gets them (the namespace
 * index shows them): the bounds of the default window, as the list links carry them.
 */
export function defaultBound(name: 'start_date' | 'end_date', now: DateTime, siteZone: string): string {
  return defaultWindow(now, siteZone)[name]!.wallClock;
}

const defaultWindows = new Map<string, { from: number; until: number; window: DateWindow }>();

function resolveGiven(input: DateWindowInput): DateWindow {
  const values: Partial<Record<DateBound, DateTime>> = { ...input.given };
  const relative = DATE_BOUNDS.some((name) => name !== 'start_date' && name !== 'end_date' && input.given[name] !== undefined);
  if (!relative) {
    const now = input.now.setZone(zoneNamed(input.siteZone));
    values.start_date ??= now;
    values.end_date ??= now.plus({ years: DEFAULT_END_YEARS });
  }

  const window: DateWindow = {};
  for (const name of DATE_BOUNDS) {
    const value = values[name];
    if (!value) continue;
    const bound = widen(name, value, input.siteZone, input.strict);
    window[name] = { instant: bound.toJSDate(), wallClock: bound.toFormat(WALL_CLOCK) };
  }
  return window;
}

/** The bounds whose comparison keeps instants at or after them (`>=`) or strictly before them (`<`). */
const ROUNDED_UP: ReadonlySet<DateBound> = new Set(['start_date', 'starts_before', 'ends_before']);

/**
 * A bound as a whole second that selects the same events: stored dates have whole seconds, and the
 * links carry the bound in seconds. A fraction is dropped for `>` and `<=` (an event at the bound's
 * second is not after it, and is at or before it), and rounds up to the next second for `>=` and
 * `<` (an event at the bound's second started before it): `start_date=...T10:00:00.5Z` leaves out
 * an event starting at 10:00:00, `starts_before=...T10:00:00.5Z` keeps it.
 */
function wholeSecond(name: DateBound, bound: DateTime): DateTime {
  const second = bound.startOf('second');
  return ROUNDED_UP.has(name) && second < bound ? second.plus({ seconds: 1 }) : second;
}

/**
 * A bound in the site zone. Strict: the instant itself. Otherwise the day of the raw value, in the
 * calendar it is written in (`value`'s zone: its own offset, UTC for a timestamp, the site's for
 * a wall clock; reference §2.3), at 00:00:00 for start_date and 23:59:59 for the others, site time.
 */
function widen(name: DateBound, value: DateTime, siteZone: string, strict: boolean): DateTime {
  const zone = zoneNamed(siteZone);
  if (strict) return wholeSecond(name, value.setZone(zone));
  const day = DateTime.fromObject({ year: value.year, month: value.month, day: value.day }, { zone });
  return name === 'start_date' ? day.startOf('day') : day.endOf('day').startOf('second');
}

/** The bounds as `[name, wall clock]` pairs for the list links, in the canonical order. */
export function dateWindowFilters(window: DateWindow): [DateBound, string][] {
  return DATE_BOUNDS.filter((name) => window[name]).map((name) => [name, window[name]!.wallClock]);
}
