import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';

// C0 controls but tab, LF and CR, and DEL: no text holds them, iCalendar and XML cannot carry
// them, and a terminal or log viewer obeys them. WordPress's kses removes the same C0 set
// (wp_kses_no_null) from titles, content and term names. NUL never gets here (arg-transform.ts).
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text as a write stores it (titles, names, plain-text and HTML fields): without control characters (CONTROLS). */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}

export interface StringOptions {
  nonEmpty?: boolean;
  /** In characters (code points), so an emoji counts once. */
  maxLength?: number;
  trim?: boolean;
}

/**
 * A string parameter: only a string. A JSON number is refused like any other type, as the
 * original's validators (`is_string`) refuse it; forms and query strings send text anyway. The
 * parameters that take numbers as well (cost, ids, dates, lists) have parsers of their own.
 */
export function parseString(raw: unknown, opts: StringOptions = {}): ParseResult<string> {
  if (typeof raw !== 'string') return fail(msg('Must be a string.'));
  let value = raw;

  if (opts.trim) value = value.trim();
  if (opts.nonEmpty && value.length === 0) return fail(msg('Must not be empty.'));
  if (opts.maxLength !== undefined && [...value].length > opts.maxLength) {
    return fail(msg('Must be at most %s characters long.', opts.maxLength));
  }
  return ok(value);
}
