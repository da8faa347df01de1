import { ArgumentMetadata, Inject, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ValidationError, validate } from 'class-validator';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import { Message, msg } from '../i18n/message';
import { ArgSpec, Reasons, getArgSpecs, hasArgSpecs } from './arg-spec';
import { InvalidArg, MissingArg } from './arg-outcome';
import { withArgContext } from './arg-transform';
import { RawArgs } from './args.decorator';
import { assertValidatedParam } from './validated-params';

/**
 * The one global pipe (APP_PIPE): builds a DTO from the request with class-transformer
 * (`plainToInstance`, each `@Arg` property's transform parsing its raw value) and checks it with
 * class-validator, the WordPress way (CONTRACT §2.1, §2.2): first every missing required parameter
 * (one 400 naming them all, in declaration order), then every invalid value (one 400 with a reason
 * per parameter). Unknown parameters are stripped, never rejected; nothing is converted implicitly.
 */
@Injectable()
export class ArgsPipe implements PipeTransform {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') {
      return hasArgSpecs(metadata.metatype) && isRawArgs(value) ? this.validateArgs(metadata.metatype, value) : value;
    }
    if (metadata.type === 'param') return value;
    // @Body() and @Query(): never unvalidated (a parameter without a DTO class is refused).
    assertValidatedParam(metadata);
    const dto = metadata.metatype as new () => object;
    const source = isRecord(value) ? value : {};
    if (hasArgSpecs(dto)) {
      const raw: RawArgs = metadata.type === 'body' ? { path: {}, query: {}, body: source } : { path: {}, query: source, body: undefined };
      return this.validateArgs(dto, raw);
    }
    return validateRuledDto(dto, source);
  }

  async validateArgs<T>(dto: new () => T, raw: RawArgs, now = new Date()): Promise<T> {
    const specs = getArgSpecs(dto);

    // Precedence: body (JSON or form) > query; path parameters always come from the path.
    const lookup = (name: string, where: ArgSpec['in']): unknown => {
      if (where === 'path') return raw.path[name];
      if (raw.body && raw.body[name] !== undefined) return raw.body[name];
      return raw.query[name];
    };
    const plain: Record<string, unknown> = {};
    for (const spec of specs) {
      const value = lookup(spec.name, spec.in);
      if (value !== undefined) plain[spec.name] = value;
    }
    withArgContext(plain, {
      specs: new Map(specs.map((spec) => [spec.property, spec])),
      parse: { siteTimezone: this.config.siteTimezone, now },
    });

    const instance = plainToInstance(dto, plain, {
      excludeExtraneousValues: true,
      exposeUnsetFields: false,
      enableImplicitConversion: false,
    });
    const errors = await validate(instance as object, { skipMissingProperties: true, forbidUnknownValues: false });
    if (!errors.length) return instance;

    const missing = new Set<string>();
    const reasons: Reasons = {};
    for (const error of errors) {
      const spec = specs.find((s) => s.property === error.property);
      const name = spec?.name ?? error.property;
      const value = (instance as Record<string, unknown>)[error.property];
      if (value instanceof MissingArg) missing.add(name);
      else if (value instanceof InvalidArg) reasons[name] = value.reason;
      else reasons[name] = firstReason(error);
    }
    const names = specs.map((spec) => spec.name);
    if (missing.size) throw ApiError.missingParams(names.filter((name) => missing.has(name)));
    throw ApiError.invalidParams(orderLike(names, reasons));
  }
}

/**
 * A DTO of plain class-validator rules (e.g. one made by `nest g resource`): properties without a
 * rule are stripped (whitelist), rule failures answer rest_invalid_param.
 */
async function validateRuledDto(dto: new () => object, source: Record<string, unknown>): Promise<object> {
  const instance = plainToInstance(dto, source, { enableImplicitConversion: false });
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false });
  if (!errors.length) return instance;
  throw ApiError.invalidParams(Object.fromEntries(errors.map((error) => [error.property, firstReason(error)])));
}

function firstReason(error: ValidationError): Message {
  const first = Object.values(error.constraints ?? {})[0];
  return first ? msg(first) : msg('Invalid parameter.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRawArgs(value: unknown): value is RawArgs {
  return typeof value === 'object' && value !== null && 'path' in value && 'query' in value;
}

function orderLike(names: string[], reasons: Reasons): Record<string, Message> {
  const ordered: Record<string, Message> = {};
  for (const name of names) if (reasons[name]) ordered[name] = reasons[name];
  return ordered;
}
