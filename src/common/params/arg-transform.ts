import { TransformFnParams } from 'class-transformer';
import { msg } from '../i18n/message';
import type { ArgSpec, ParseContext } from './arg-spec';
import { InvalidArg, MissingArg } from './arg-outcome';
import { parseArgValue } from './parse-arg';

/** Where the pipe puts what a transform needs besides the raw value: not a parameter, never enumerable. */
export const ARG_CONTEXT = Symbol('calendar:arg-context');

export interface ArgTransformContext {
  /** The effective declarations of the DTO being built, by property (update DTOs change them). */
  readonly specs: ReadonlyMap<string, ArgSpec>;
  readonly parse: ParseContext;
}

/** Attaches the context to the plain object the pipe hands to `plainToInstance`. */
export function withArgContext(plain: Record<string, unknown>, context: ArgTransformContext): Record<string, unknown> {
  Object.defineProperty(plain, ARG_CONTEXT, { value: context, enumerable: false });
  return plain;
}

/**
 * The class-transformer transform of every `@Arg` property: the raw value (read by name, so a
 * transform inherited twice gives the same result) becomes the parsed value, the parsed default,
 * `null` (a clearable field cleared), `undefined` (absent), or a MissingArg/InvalidArg marker.
 */
export function transformArg({ key, obj }: TransformFnParams): unknown {
  const context = (obj as Record<symbol, ArgTransformContext | undefined>)[ARG_CONTEXT];
  if (!context) throw new Error(`@Arg property "${key}" transformed outside the ArgsPipe`);
  const spec = context.specs.get(key);
  if (!spec) return undefined;
  const raw = (obj as Record<string, unknown>)[spec.name];
  if (spec.required && (raw === undefined || raw === null)) return MissingArg.instance;
  if (spec.clearable && (raw === null || raw === '')) return null;
  if (raw === undefined || raw === null) {
    if (!spec.applyDefault || spec.default === undefined) return undefined;
    const parsed = parseArgValue(spec, spec.default, context.parse);
    return parsed.ok ? parsed.value : undefined;
  }
  // Half of a UTF-16 pair is not text: it cannot be stored, compared or encoded (issue #12). NUL
  // is no text either, and SQLite ends a string at it (an FTS5 MATCH of `a\0b` failed as SQL).
  const bad = badCharacterIn(raw);
  if (bad === 'surrogate') return new InvalidArg(msg('Must be valid Unicode text: it contains a lone surrogate (half of a UTF-16 pair).'));
  if (bad === 'nul') return new InvalidArg(msg('Must be text without NUL characters (U+0000).'));
  const parsed = parseArgValue(spec, raw, context.parse);
  return parsed.ok ? parsed.value : new InvalidArg(parsed.reason);
}

const BAD_CHARACTER = /[\p{Cs}\0]/u;

/** A lone surrogate or a NUL in a string of the value (its items, fields and keys too, as bodies nest them). */
function badCharacterIn(value: unknown, depth = 0): 'surrogate' | 'nul' | undefined {
  if (typeof value === 'string') return badCharacterOf(value);
  if (depth > 40 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const bad = badCharacterOf(key) ?? badCharacterIn(item, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

function badCharacterOf(text: string): 'surrogate' | 'nul' | undefined {
  const found = BAD_CHARACTER.exec(text);
  return found ? (found[0] === '\0' ? 'nul' : 'surrogate') : undefined;
}
