import { Expose, Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import 'reflect-metadata';
import { Message } from '../i18n/message';
import { ParseResult } from '../parsing/parse-result';
import { isArgProblem } from './arg-outcome';
import { documentArg } from './arg-docs';
import { transformArg } from './arg-transform';

/** JSON-schema types as the namespace index shows them; `undefined` means "untyped". */
export type ArgType = 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object';

export interface ParseContext {
  /** The site's IANA zone: naive dates in filters are read in it. */
  readonly siteTimezone: string;
  /** The request's clock, so every default and relative date of one request agrees. */
  readonly now: Date;
}

/**
 * One parameter of one route: what the index and /doc publish, and how a raw value is parsed.
 * Declared once with `@Arg` on a DTO property.
 */
export interface ArgSpec {
  readonly name: string;
  /** The DTO property receiving the parsed value (defaults to `name`). */
  readonly property: string;
  readonly type?: ArgType;
  readonly items?: { readonly type: 'integer' | 'string' | 'object'; readonly enum?: readonly string[] };
  readonly format?: string;
  readonly enum?: readonly string[];
  readonly required: boolean;
  /** The default exactly as the specification writes it (may be a string such as "10"). */
  readonly default?: unknown;
  /** Set the parsed default on the DTO when the parameter is absent. */
  readonly applyDefault: boolean;
  /**
   * A default that depends on the request's clock (the events list's date window): the index shows
   * what it is for this request. Never applied by the parser: the service works out the effective
   * value itself, from the same function, so the two cannot disagree.
   */
  readonly requestDefault?: (context: ParseContext) => string;
  /**
   * Declared by WordPress core with a default only (the namespace index's `namespace` and
   * `context`): the index shows `{default, required}` as WordPress does; /doc and the validation
   * keep the description and the enum.
   */
  readonly indexBare?: boolean;
  /**
   * Taken, but left out of the namespace index: the by-slug event routes' `password`, which the
   * specification lists for by-id routes only ("not listed for by-slug operations"), while a
   * password-protected event must be readable by slug as by id. /doc documents it as an extension.
   */
  readonly unlisted?: boolean;
  readonly description: string;
  readonly in: 'path' | 'query' | 'body';
  /** `null` and `""` mean "clear this field" (updates); otherwise `null` counts as absent. */
  readonly clearable: boolean;
  /** Coerces and checks a raw value; the type's standard parser when not given. */
  readonly parse?: (raw: unknown, context: ParseContext) => ParseResult<unknown>;
  /** Extension parameters are ours, not the specification's (CONTRACT §7). */
  readonly extension: boolean;
}

export type ArgOptions = Partial<Omit<ArgSpec, 'name' | 'property' | 'description'>> & {
  readonly name?: string;
  readonly description: string;
};

const ARGS_KEY = Symbol('calendar:args');

/** The class-validator rule of every `@Arg` property: the transform left no missing or invalid marker. */
export const ARG_RULE = 'calendarArg';

const argRule = ValidateBy({ name: ARG_RULE, validator: { validate: (value: unknown) => !isArgProblem(value) } });

/**
 * One parameter, declared once: its wire name (class-transformer `@Expose`), its parsing
 * (`@Transform`), its check (a class-validator rule), and what the namespace index and /doc
 * publish (kept here, and given to swagger as `@ApiProperty`).
 * Further class-validator rules on the property (`@IsEmail`) run on the parsed value.
 */
export function Arg(options: ArgOptions): PropertyDecorator {
  return (target, propertyKey) => {
    const property = String(propertyKey);
    const spec: ArgSpec = {
      required: false,
      applyDefault: false,
      in: 'query',
      clearable: false,
      extension: false,
      ...options,
      name: options.name ?? property,
      property,
    };
    const own = ownSpecs(target.constructor);
    Reflect.defineMetadata(ARGS_KEY, [...own.filter((s) => s.name !== spec.name), spec], target.constructor);
    Expose({ name: spec.name })(target, propertyKey);
    Transform(transformArg)(target, propertyKey);
    argRule(target, propertyKey);
    documentArg(target, spec);
  };
}

function ownSpecs(dto: Function): ArgSpec[] {
  return (Reflect.getOwnMetadata(ARGS_KEY, dto) as ArgSpec[] | undefined) ?? [];
}

/** The declared parameters of a DTO class, parents first, in declaration order. */
export function getArgSpecs(dto: Function): readonly ArgSpec[] {
  const chain: Function[] = [];
  for (let c: Function | null = dto; c && c !== Object && c !== Function.prototype; c = Object.getPrototypeOf(c) as Function | null) {
    chain.unshift(c);
  }
  const byName = new Map<string, ArgSpec>();
  for (const c of chain) {
    for (const spec of ownSpecs(c)) byName.set(spec.name, spec);
  }
  // Path parameters identify the resource: they come first, as in the reference's index.
  const specs = [...byName.values()];
  return [...specs.filter((s) => s.in === 'path'), ...specs.filter((s) => s.in !== 'path')];
}

export function hasArgSpecs(dto: unknown): dto is Function {
  return typeof dto === 'function' && getArgSpecs(dto).length > 0;
}

/** Replaces the parameter list of a DTO class (used to derive update DTOs from create DTOs). */
export function setArgSpecs(dto: Function, specs: readonly ArgSpec[]): void {
  Reflect.defineMetadata(ARGS_KEY, [...specs], dto);
}

export type Reasons = Record<string, Message>;
