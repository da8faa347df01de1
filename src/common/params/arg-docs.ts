import { ApiBody, ApiParam, ApiProperty, ApiQuery, DECORATORS, PickType } from '@nestjs/swagger';
import { Type, applyDecorators } from '@nestjs/common';
import 'reflect-metadata';
import type { ArgSpec } from './arg-spec';

/**
 * The swagger side of an `@Arg` declaration: the same spec becomes `@ApiProperty` on the DTO, and
 * `@Args()` shows the handler's binding to swagger (nestjs/swagger#32, #1728: its scanner ignores
 * custom parameter decorators). Descriptions are the English catalog keys; /doc translates them.
 */

/** Marks a parameter WordPress declares without a type: swagger infers one from `design:type`, /doc drops it. */
export const UNTYPED = 'x-untyped';

/** What `@ApiProperty` records for one parameter, keys as OpenAPI writes them. */
export function apiPropertyOf(spec: ArgSpec): Record<string, unknown> {
  return {
    name: spec.name,
    description: spec.description,
    required: spec.required,
    ...(spec.type ? { type: spec.type } : { [UNTYPED]: true }),
    ...(spec.format ? { format: spec.format } : {}),
    ...(spec.items ? { items: { type: spec.items.type, ...(spec.items.enum ? { enum: [...spec.items.enum] } : {}) } } : {}),
    ...(spec.type === 'object' ? { additionalProperties: true } : {}),
    ...(spec.enum ? { enum: [...spec.enum] } : {}),
    ...(spec.clearable || spec.default === null ? { nullable: true } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    ...(spec.extension ? { 'x-extension': true } : {}),
  };
}

export function documentArg(target: object, spec: ArgSpec): void {
  ApiProperty(apiPropertyOf(spec))(target, spec.property);
}

/** The OpenAPI keys of a parameter's schema, as `@ApiProperty` recorded them. */
const SCHEMA_KEYS = ['type', 'format', 'items', 'additionalProperties', 'enum', 'nullable', 'default'] as const;

/**
 * One path or query parameter for `@ApiParam` / `@ApiQuery`, from the property's `@ApiProperty`
 * metadata. Not `@ApiQuery({ type: Dto })`: swagger 11.4 drops the `enum` of the query parameters
 * it explodes from a DTO (SwaggerTypesMapper's keysToRemove), so the schema is handed over whole.
 */
function parameterOf(dto: Type, spec: ArgSpec): Record<string, unknown> {
  const meta = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype as object, spec.property) as Record<string, unknown>;
  const untyped = meta[UNTYPED] === true;
  const schema = Object.fromEntries(
    SCHEMA_KEYS.filter((key) => meta[key] !== undefined && !(untyped && key === 'type')).map((key) => [key, meta[key]]),
  );
  const extensions = Object.fromEntries(Object.entries(meta).filter(([key]) => key.startsWith('x-')));
  return { name: spec.name, description: meta.description, required: meta.required, schema, ...extensions };
}

/**
 * The handler's parameters as swagger decorators: path and query parameters with `@ApiParam` and
 * `@ApiQuery`, the body as `@ApiBody` of a picked view of the DTO that keeps the DTO's name (it is
 * the shared requestBody of its handlers).
 */
export function documentArgs(dto: Type, specs: readonly ArgSpec[]): MethodDecorator {
  const where = (place: ArgSpec['in']) => specs.filter((spec) => spec.in === place);
  const bodyFields = where('body').map((spec) => spec.property);
  let body: Type | undefined;
  if (bodyFields.length) {
    body = PickType(dto as Type<Record<string, unknown>>, bodyFields) as Type;
    Object.defineProperty(body, 'name', { value: dto.name });
  }
  return applyDecorators(
    ...where('path').map((spec) => ApiParam(parameterOf(dto, spec) as never)),
    ...where('query').map((spec) => ApiQuery(parameterOf(dto, spec) as never)),
    ...(body ? [ApiBody({ type: body })] : []),
  );
}
