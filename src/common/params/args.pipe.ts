import { ArgumentMetadata, Inject, Injectable, PipeTransform } from '@nestjs/common';
import { validate } from 'class-validator';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import { Message, msg } from '../i18n/message';
import { ParseContext, Reasons, getArgSpecs, hasArgSpecs } from './arg-spec';
import { RawArgs } from './args.decorator';
import { parseArgValue } from './parse-arg';

/**
 * Validates `@Args()` against the DTO's declarations, the WordPress way (CONTRACT §2.1, §2.2):
 * first every missing required parameter (one 400 naming them all, in declaration order), then
 * every invalid value (one 400 with a reason per parameter). Unknown parameters are ignored.
 */
@Injectable()
export class ArgsPipe implements PipeTransform {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom' || !hasArgSpecs(metadata.metatype) || !isRawArgs(value)) return value;
    return this.validateArgs(metadata.metatype, value);
  }

  async validateArgs<T>(dto: new () => T, raw: RawArgs, now = new Date()): Promise<T> {
    const specs = getArgSpecs(dto);
    const context: ParseContext = { siteTimezone: this.config.siteTimezone, now };

    // Precedence: body (JSON or form) > query; path parameters always come from the path.
    const lookup = (name: string, where: 'path' | 'query' | 'body'): unknown => {
      if (where === 'path') return raw.path[name];
      if (raw.body && raw.body[name] !== undefined) return raw.body[name];
      return raw.query[name];
    };

    const missing = specs.filter((spec) => spec.required && isAbsent(lookup(spec.name, spec.in)));
    if (missing.length) throw ApiError.missingParams(missing.map((spec) => spec.name));

    const instance = new dto() as Record<string, unknown>;
    const reasons: Reasons = {};
    for (const spec of specs) {
      const rawValue = lookup(spec.name, spec.in);
      if (spec.clearable && (rawValue === null || rawValue === '')) {
        instance[spec.property] = null;
        continue;
      }
      if (rawValue === undefined || rawValue === null) {
        if (spec.applyDefault && spec.default !== undefined) {
          const parsed = parseArgValue(spec, spec.default, context);
          if (parsed.ok) instance[spec.property] = parsed.value;
        }
        continue;
      }
      // Half of a UTF-16 pair is not text: it cannot be stored, compared or encoded (issue #12).
      if (hasLoneSurrogate(rawValue)) {
        reasons[spec.name] = msg('Must be valid Unicode text: it contains a lone surrogate (half of a UTF-16 pair).');
        continue;
      }
      const parsed = parseArgValue(spec, rawValue, context);
      if (parsed.ok) instance[spec.property] = parsed.value;
      else reasons[spec.name] = parsed.reason;
    }

    // class-validator rules run on the parsed values of the parameters that parsed.
    const errors = await validate(instance, { skipMissingProperties: true, forbidUnknownValues: false });
    for (const error of errors) {
      const spec = specs.find((s) => s.property === error.property);
      const name = spec?.name ?? error.property;
      if (reasons[name]) continue;
      const first = Object.values(error.constraints ?? {})[0];
      reasons[name] = first ? msg(first) : msg('Invalid parameter.');
    }

    if (Object.keys(reasons).length)
      throw ApiError.invalidParams(
        orderLike(
          specs.map((s) => s.name),
          reasons,
        ),
      );
    return instance as T;
  }
}

const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a string in the value (its items and fields too, as bodies nest them) holds a lone surrogate. */
function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (depth > 40 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(item, depth + 1));
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

function isRawArgs(value: unknown): value is RawArgs {
  return typeof value === 'object' && value !== null && 'path' in value && 'query' in value;
}

function orderLike(names: string[], reasons: Reasons): Record<string, Message> {
  const ordered: Record<string, Message> = {};
  for (const name of names) if (reasons[name]) ordered[name] = reasons[name];
  return ordered;
}
