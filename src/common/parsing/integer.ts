import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';

export interface NumberBounds {
  min?: number;
  max?: number;
}

// "5.0" is integral (WordPress accepts any numeric string whose value is whole); exponents are not.
const INTEGER_PATTERN = /^-?\d+(?:\.0*)?$/;
const NUMBER_PATTERN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

export function parseInteger(raw: unknown, opts: NumberBounds = {}): ParseResult<number> {
  let value: number;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return fail(msg('Must be an integer.'));
    value = raw;
  } else if (typeof raw === 'string') {
    const text = raw.trim();
    if (!INTEGER_PATTERN.test(text)) return fail(msg('Must be an integer.'));
    value = Number(text);
  } else {
    return fail(msg('Must be an integer.'));
  }
  if (!Number.isSafeInteger(value)) {
    return value > 0
      ? fail(msg('Must be at most %s.', Number.MAX_SAFE_INTEGER))
      : fail(msg('Must be at least %s.', -Number.MAX_SAFE_INTEGER));
  }
  return checkBounds(value === 0 ? 0 : value, opts);
}

export function parsePositiveInteger(raw: unknown): ParseResult<number> {
  const result = parseInteger(raw, { min: 1 });
  return result.ok ? result : fail(msg('Must be a positive integer.'));
}

/** PHP_INT_MAX on 64-bit PHP: what the original's intval() saturates at. */
const PHP_INT_MAX = 9223372036854775807n;

/**
 * `page` and `per_page` of every list. The original checks them with `is_positive_int`
 * (`is_numeric(v) && intval(v) == v && intval(v) > 0`): a whole number beyond JavaScript's safe
 * integers but within PHP_INT_MAX passes there, so it is the largest number here (a per_page the
 * list lowers to MAX_PER_PAGE, a page past the last); beyond PHP_INT_MAX intval saturates, the
 * comparison fails and the original answers 400, as this does.
 */
export function parsePaging(raw: unknown): ParseResult<number> {
  const digits = typeof raw === 'string' ? /^(\d{16,})(?:\.0*)?$/.exec(raw.trim())?.[1] : undefined;
  if (digits && !Number.isSafeInteger(Number(digits)) && BigInt(digits) <= PHP_INT_MAX) return ok(Number.MAX_SAFE_INTEGER);
  return parsePositiveInteger(raw);
}

export function parseNumber(raw: unknown, opts: NumberBounds = {}): ParseResult<number> {
  let value: number;
  if (typeof raw === 'number') {
    value = raw;
  } else if (typeof raw === 'string') {
    const text = raw.trim();
    if (!NUMBER_PATTERN.test(text)) return fail(msg('Must be a number.'));
    value = Number(text);
  } else {
    return fail(msg('Must be a number.'));
  }
  if (!Number.isFinite(value)) return fail(msg('Must be a number.'));
  return checkBounds(value === 0 ? 0 : value, opts);
}

function checkBounds(value: number, { min, max }: NumberBounds): ParseResult<number> {
  if (min !== undefined && value < min) return fail(msg('Must be at least %s.', min));
  if (max !== undefined && value > max) return fail(msg('Must be at most %s.', max));
  return ok(value);
}
