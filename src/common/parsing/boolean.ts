import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';

const TRUTHY_WORDS = new Set(['1', 'true', 'yes', 'y', 'on', 'enable', 'enabled']);

/** The typed boolean (CONTRACT §2.2): true/false, "true"/"false" in any case, "1"/"0", 1/0. */
export function parseBoolean(raw: unknown): ParseResult<boolean> {
  if (typeof raw === 'boolean') return ok(raw);
  if (raw === 1 || raw === 0) return ok(raw === 1);
  if (typeof raw === 'string') {
    const word = raw.trim().toLowerCase();
    if (word === 'true' || word === '1') return ok(true);
    if (word === 'false' || word === '0') return ok(false);
  }
  return fail(msg('Must be a boolean: true, false, 1 or 0.'));
}

/** The untyped boolean-like rule (CONTRACT §2.2): a few truthy words, everything else is false. */
export function isTruthyWord(raw: unknown): boolean {
  if (raw === true || raw === 1) return true;
  return typeof raw === 'string' && TRUTHY_WORDS.has(raw.trim().toLowerCase());
}
