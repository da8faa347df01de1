import { msg } from '../i18n/message';
import { parseInteger } from './integer';
import { ParseResult, fail, ok } from './parse-result';

/** CONTRACT §8: lists over 100 items are refused. */
export const DEFAULT_MAX_LIST_ITEMS = 100;

export interface ListOptions {
  maxItems?: number;
}

export interface IntegerListOptions extends ListOptions {
  min?: number;
}

export function parseList(raw: unknown, opts: ListOptions = {}): ParseResult<string[]> {
  const maxItems = opts.maxItems ?? DEFAULT_MAX_LIST_ITEMS;
  if (isKeyedList(raw)) raw = Object.values(raw);
  let items: string[];
  if (typeof raw === 'string') {
    items = raw.split(',');
  } else if (typeof raw === 'number' && Number.isFinite(raw)) {
    // A JSON body may carry a single id as a bare number (`"venue": 5`).
    items = [String(raw)];
  } else if (Array.isArray(raw)) {
    items = [];
    for (const item of raw as unknown[]) {
      if (typeof item === 'string') items.push(item);
      else if (typeof item === 'number' && Number.isFinite(item)) items.push(String(item));
      else return fail(msg('Each item must be a string or a number.'));
    }
  } else {
    return fail(msg('Must be a list: an array or a comma-separated string.'));
  }

  const values = items.map((item) => item.trim()).filter((item) => item.length > 0);
  if (values.length === 0) return fail(msg('Must not be empty.'));
  if (values.length > maxItems) return fail(msg('Must not have more than %s items.', maxItems));
  return ok(values);
}

export function parseIntegerList(raw: unknown, opts: IntegerListOptions = {}): ParseResult<number[]> {
  const min = opts.min ?? 1;
  const list = parseList(raw, opts);
  if (!list.ok) return list;

  const seen = new Set<number>();
  for (const item of list.value) {
    const parsed = parseInteger(item);
    if (!parsed.ok) return fail(msg('"%s" is not an integer.', item));
    if (parsed.value < min) {
      return min === 1 ? fail(msg('"%s" is not a positive integer.', item)) : fail(msg('"%s" must be at least %s.', item, min));
    }
    seen.add(parsed.value);
  }
  return ok([...seen]);
}

/** `a[x]=1&a[y]=2` (or a JSON object) is an array to PHP, as the original reads it: a list of its values. */
export function isKeyedList(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
