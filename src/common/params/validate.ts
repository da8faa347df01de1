import { DateTime } from 'luxon';
import { ParseResult, ok } from '../parsing/parse-result';
import { parseDateInput } from '../parsing/date-input';
import { isTruthyWord } from '../parsing/boolean';
import { parseInteger } from '../parsing/integer';
import { Arg, ArgOptions, ParseContext } from './arg-spec';

/**
 * The project's parameter decorators for WordPress's semantics, after immich's `validation.ts`:
 * each one is an `@Arg` (class-transformer `@Expose` + `@Transform`, a class-validator rule, and
 * what the namespace index and /doc publish) with the type's parsing fixed. What every `@Arg` does
 * anyway: `default` is published in the index exactly as the specification writes it ("10", "1",
 * null; /doc gives it its schema's type) and applied only with `applyDefault`; `clearable` lets
 * `null` and "" clear a field on updates; a lone surrogate or a NUL anywhere in a value is refused; unknown
 * parameters are stripped.
 */
type Options = Omit<ArgOptions, 'type' | 'items' | 'enum'>;

/** A typed boolean: true/false in any case, "1"/"0", 1/0 (CONTRACT §2.2); anything else is invalid. */
export const ValidateBoolean = (options: Options): PropertyDecorator => Arg({ ...options, type: 'boolean' });

/**
 * An untyped boolean-like parameter (CONTRACT §2.2): published without a type; "1", "true", "yes",
 * "on", ... are true and every other value is false, never invalid.
 */
export const ValidateTruthyWord = (options: Omit<Options, 'parse'>): PropertyDecorator =>
  Arg({ ...options, parse: (raw) => ok(isTruthyWord(raw)) });

/** An integer: a JSON integer or a numeric string with a whole value ("5", "5.0"; not "1e3"), at least `min` when given. */
export const ValidateInteger = ({ min, ...options }: Options & { min?: number }): PropertyDecorator =>
  Arg({ ...options, type: 'integer', ...(min === undefined || options.parse ? {} : { parse: (raw) => parseInteger(raw, { min }) }) });

/** A number: a JSON number or a numeric string; `parse` checks its range. */
export const ValidateNumber = (options: Options): PropertyDecorator => Arg({ ...options, type: 'number' });

/** A list: a comma-separated string (`a=1,2`), an `a[]=1&a[]=2` array or a JSON array; at most 100 items. */
export const ValidateList = ({ items, ...options }: Options & { items: 'integer' | 'string' }): PropertyDecorator =>
  Arg({ ...options, type: 'array', items: { type: items } });

/** A string, one of `values` (the parser may normalise case first). */
export const ValidateEnum = ({ values, ...options }: Options & { values: readonly string[] }): PropertyDecorator =>
  Arg({ ...options, type: 'string', enum: values });

/** A string, checked and cleaned by `parse` when given. */
export const ValidateText = (options: Options): PropertyDecorator => Arg({ ...options, type: 'string' });

/** An untyped parameter, as WordPress declares some: published without a type, read by `parse`. */
export const ValidateUntyped = (options: Omit<ArgOptions, 'type' | 'items'>): PropertyDecorator => Arg({ ...options });

/** A date filter, untyped as in the specification: naive values and relative expressions are read in SITE_TIMEZONE (CONTRACT §3). */
export const ValidateSiteDate = (options: Omit<Options, 'parse'>): PropertyDecorator => Arg({ ...options, parse: parseSiteDate });

/** The instant in the zone the value is written in (its offset, UTC for a timestamp, else the site's): date-window.ts widens to that calendar's day. */
export function parseSiteDate(raw: unknown, context: ParseContext): ParseResult<DateTime> {
  const parsed = parseDateInput(raw, { zone: context.siteTimezone, now: DateTime.fromJSDate(context.now) });
  return parsed.ok ? ok(parsed.value.dateTime.setZone(parsed.value.ownZone)) : parsed;
}
