import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';

export interface StringOptions {
  nonEmpty?: boolean;
  /** In characters (code points), so an emoji counts once. */
  maxLength?: number;
  trim?: boolean;
}

export function parseString(raw: unknown, opts: StringOptions = {}): ParseResult<string> {
  let value: string;
  if (typeof raw === 'string') value = raw;
  else if (typeof raw === 'number' && Number.isFinite(raw)) value = String(raw);
  else return fail(msg('Must be a string.'));

  if (opts.trim) value = value.trim();
  if (opts.nonEmpty && value.length === 0) return fail(msg('Must not be empty.'));
  if (opts.maxLength !== undefined && [...value].length > opts.maxLength) {
    return fail(msg('Must be at most %s characters long.', opts.maxLength));
  }
  return ok(value);
}
