import { safeText } from '../common/html/safe-output';
import { storedTextTooLong } from '../common/html/html-input';
import { stripTags } from '../common/html/sanitize';
import { msg } from '../common/i18n/message';
import { ParseResult, fail, ok } from '../common/parsing/parse-result';
import { withoutControls } from '../common/parsing/string';

/** The reference's `cost_details` (tec-events-api §3, §3.2). */
export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

/** What is stored for a cost: the entries as given and the currency guessed from them. */
export interface StoredCost {
  /** The entries as given, one per line (the reference accepts a list of costs). */
  cost: string;
  currencySymbol: string;
  currencyPosition: 'prefix' | 'postfix';
}

const MAX_COST_LENGTH = 255;
const MAX_SYMBOL_LENGTH = 16;
// A number with optional thousands or decimal separators: "10", "10.50", "1,000", "1.000,50", or
// only a fraction (".5", ",50"), whose separator is then part of it, not a currency symbol.
const NUMBER = /(?:\d+|(?<!\d)(?=[.,]\d))(?:[.,]\d+)*/g;

/**
 * `cost` on create and update: a string, a number or a list of them. `null`/`""`/`[]` mean "no
 * cost" (null). A cost of 0 is kept (CONTRACT §3: shown as "Free").
 */
export function parseCostInput(raw: unknown): ParseResult<StoredCost | null> {
  const entries: string[] = [];
  const items = Array.isArray(raw) ? (raw as unknown[]) : [raw];
  for (const item of items) {
    if (item === null || item === undefined) continue;
    if (typeof item === 'number' && Number.isFinite(item)) entries.push(String(item));
    // Plain text like titles (issue #12): tags stripped, what is left HTML-escaped ("<b>$5</b>" is "$5").
    else if (typeof item === 'string') entries.push(...shownCost(stripTags(withoutControls(item)).replace(/\s+/g, ' ').trim()));
    else return fail(msg('Must be a string, a number or a list of them.'));
  }
  const costs = entries.filter((entry) => entry !== '');
  if (!costs.length) return ok(null);
  const cost = costs.join('\n');
  const tooLong = storedTextTooLong(cost, MAX_COST_LENGTH);
  if (tooLong) return fail(tooLong);
  const { symbol, position } = guessCurrency(costs);
  return ok({ cost, currencySymbol: symbol, currencyPosition: position });
}

// formatCost's label for 0, and the dashes of a range: its own en dash, and the hyphen (or em
// dash) people type, as in "5 - 10", which the numbers' guess already reads as a range.
const FREE = /^free$/i;
const RANGE = /\s*[-\u2013\u2014]\s*/;

/**
 * A cost as formatCost shows it, read back (an event read and sent back keeps its cost): "Free" is
 * 0, and a range of "Free" and a number ("Free – $25", "Free - $25") is its two ends; any other
 * text as given ("Free-entry"). Without this, "Free – 25" became a cost of 25 with the currency
 * symbol "Free –".
 */
function shownCost(entry: string): string[] {
  const ends = entry.split(RANGE);
  const range = ends.length === 2 && ends.some((end) => FREE.test(end)) && ends.some((end) => /\d/.test(end));
  const parts = range ? ends : [entry];
  return parts.map((part) => (FREE.test(part) ? '0' : part));
}

/**
 * The currency is the text around the numbers, the same in every entry that has some ("$10" gives
 * "$" before the number; "10 €" gives "€" after it; bare numbers agree with any); else none.
 */
export function guessCurrency(costs: readonly string[]): { symbol: string; position: 'prefix' | 'postfix' } {
  const guesses = new Set<string>();
  for (const cost of costs) {
    const numbers = [...cost.matchAll(NUMBER)];
    if (!numbers.length) continue;
    const first = numbers[0];
    const last = numbers[numbers.length - 1];
    const before = cost.slice(0, first.index).trim();
    const after = cost.slice(last.index + last[0].length).trim();
    if (before) guesses.add(`prefix:${before}`);
    else if (after) guesses.add(`postfix:${after}`);
  }
  const [only] = guesses;
  if (guesses.size !== 1 || !only) return { symbol: '', position: 'prefix' };
  const [position, symbol] = only.split(/:(.*)/s) as ['prefix' | 'postfix', string];
  return symbol.length <= MAX_SYMBOL_LENGTH && !/\d/.test(symbol) ? { symbol, position } : { symbol: '', position: 'prefix' };
}

/** A number as written, with a dot as its decimal separator and no thousands separators. */
export function normaliseNumber(text: string): string {
  const separators = [...text.matchAll(/[.,]/g)];
  if (!separators.length) return stripLeadingZeros(text);
  const last = separators[separators.length - 1];
  const decimals = text.slice(last.index + 1);
  const kinds = new Set(separators.map((s) => s[0]));
  // "1,000" and "1.000.000" are thousands; "10.5", "10,50", "1.000,50" and ".500" end in decimals.
  const lastIsDecimal = kinds.size > 1 || (separators.length === 1 && (decimals.length !== 3 || last.index === 0));
  const integer = (lastIsDecimal ? text.slice(0, last.index) : text).replace(/[.,]/g, '');
  return lastIsDecimal ? `${stripLeadingZeros(integer) || '0'}.${decimals}` : stripLeadingZeros(integer);
}

function stripLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** The numbers of a stored cost, normalised and sorted ascending, each once. */
export function costValues(cost: string): string[] {
  const values = new Set<string>();
  for (const entry of cost.split('\n')) for (const match of entry.matchAll(NUMBER)) values.add(normaliseNumber(match[0]));
  return [...values].sort((a, b) => Number(a) - Number(b));
}

/**
 * The reference's `cost` string (tec-events-api §3.2): the lowest and highest numbers, "Free" for
 * 0, with the currency symbol on its side; one value when they are equal, else "min – max"; a
 * cost without numbers as given; "" when there is none.
 */
/** A cost as the event row holds it. */
export interface CostColumns {
  cost: string | null;
  currencySymbol: string;
  currencyPosition: string;
  currencyCode: string;
}

export function formatCost(stored: Omit<CostColumns, 'currencyCode'>): string {
  return safeText(formatStoredCost(stored));
}

function formatStoredCost(stored: Omit<CostColumns, 'currencyCode'>): string {
  if (!stored.cost) return '';
  const values = costValues(stored.cost);
  if (!values.length) return stored.cost.split('\n').join(', ');
  const show = (value: string) => {
    if (Number(value) === 0) return 'Free';
    if (!stored.currencySymbol) return value;
    return stored.currencyPosition === 'postfix' ? `${value}${stored.currencySymbol}` : `${stored.currencySymbol}${value}`;
  };
  const min = show(values[0]);
  const max = show(values[values.length - 1]);
  return min === max ? min : `${min} – ${max}`;
}

export function costDetails(stored: CostColumns): CostDetails {
  // Without a cost the reference has no currency meta either: "" everywhere.
  if (!stored.cost) return { currency_symbol: '', currency_code: '', currency_position: '', values: [] };
  const values = costValues(stored.cost);
  // safeText: costs stored before tags were stripped on write (issue #12) may hold markup.
  return {
    currency_symbol: safeText(stored.currencySymbol),
    currency_code: safeText(stored.currencyCode),
    // The position of no symbol is no meta: "" (reference §3, the raw meta strings), as /doc says.
    currency_position: stored.currencySymbol ? stored.currencyPosition : '',
    values: values.length ? values : stored.cost.split('\n').map(safeText),
  };
}
