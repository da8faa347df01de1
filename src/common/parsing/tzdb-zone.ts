import moment from 'moment-timezone';
import { FixedOffsetZone, Zone, ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';

/** 400 Gregorian years, 146,097 days: whole weeks, so weekday rules repeat. */
const GREGORIAN_CYCLE_MS = 146_097 * 86_400_000;
/** moment-timezone's data lists a rule-following zone's changes up to 2499. */
const RULES_RUN_TO = Date.UTC(2400, 0, 1);

/**
 * A Luxon zone whose offsets and abbreviations come from moment-timezone's copy of the tz
 * database instead of the one compiled into Node's ICU.
 *
 * Why: ICU's copy changes only with a Node release (Node 20.20 has tz 2025c), moment-timezone's
 * with an `npm update` (2026f here). Zones change their rules with little notice: in 2026f
 * America/Vancouver stays at -07 from November 2026 and Africa/Casablanca at +00 from September
 * 2026, and ICU's copy converted those zones' times an hour off. One copy for every conversion
 * (wall clock to UTC, UTC to wall clock, VTIMEZONE, `timezone_abbr`) also keeps them consistent.
 *
 * Luxon treats a zone whose `type` is not "iana" as custom: it asks it for offsets, and formats
 * localized text in UTC shifted by the offset, so ICU's rules are never consulted for it.
 */
export class TzdbZone extends Zone {
  private static readonly known = new Map<string, TzdbZone | null>();
  /** Names as sent are remembered (every casing of a name is one); a guard, they are few. */
  private static readonly KNOWN_CAP = 2_000;

  private constructor(private readonly data: moment.MomentZone) {
    super();
  }

  /** The zone of a tz database name or link, in any casing; undefined when the database has none. */
  static named(name: string): TzdbZone | undefined {
    let zone = TzdbZone.known.get(name);
    if (zone === undefined) {
      const data = moment.tz.zone(name);
      // One instance per zone, whatever the casing asked for: equals() and caches key on the name.
      zone = data ? (TzdbZone.known.get(data.name) ?? new TzdbZone(data)) : null;
      if (TzdbZone.known.size >= TzdbZone.KNOWN_CAP) TzdbZone.known.clear();
      TzdbZone.known.set(name, zone);
      if (zone) TzdbZone.known.set(zone.name, zone);
    }
    return zone ?? undefined;
  }

  /** The release of the tz database the zones come from ("2026f"). */
  static get release(): string {
    return moment.tz.dataVersion;
  }

  override get type(): string {
    return 'tzdb';
  }

  /** The database's own spelling ("Europe/Berlin" for "europe/berlin"; links keep their name). */
  override get name(): string {
    return this.data.name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): boolean {
    return true;
  }

  /** Minutes east of UTC at `ts` (moment-timezone counts them west). */
  override offset(ts: number): number {
    return 0 - this.data.offsets[this.index(ts)];
  }

  /** The database's abbreviation at `ts`: letters ("CEST") or, where it has none, numeric ("+04", "+0545"). */
  abbreviation(ts: number): string {
    return this.data.abbrs[this.index(ts)];
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string {
    return options.format === 'long' ? this.name : this.abbreviation(ts);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return FixedOffsetZone.instance(this.offset(ts)).formatOffset(ts, format);
  }

  override equals(other: Zone): boolean {
    return other instanceof TzdbZone && other.name === this.name;
  }

  /** The period `ts` falls in: the first whose end (`untils`, exclusive; the last is Infinity) is after it. */
  private index(ts: number): number {
    const untils = this.data.untils;
    // The data of zones with rules runs to 2499, then keeps the last period (standard time) for
    // ever. The Gregorian calendar repeats every 400 years to the weekday, so a rule such as "the
    // last Sunday in March" falls on the same clock 400 years earlier: later instants take the
    // period of that instant, as ICU, which keeps applying the rules, does. Zones whose data ends
    // earlier (no rules since) keep their last period.
    const lastChange = untils.length > 1 ? untils[untils.length - 2] : -Infinity;
    if (lastChange >= RULES_RUN_TO) while (ts >= lastChange) ts -= GREGORIAN_CYCLE_MS;
    let low = 0;
    let high = untils.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ts < untils[middle]) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
