import { ArgumentMetadata, Injectable, OnApplicationBootstrap, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import 'reflect-metadata';

const NOT_DTOS: readonly unknown[] = [undefined, Object, String, Number, Boolean, Array, Symbol, BigInt, Function, Promise];

/**
 * A `@Body()` or `@Query()` parameter is validated only through its DTO class: without one (an
 * untyped `@Body() body`, a named `@Query('x') x: string`) nothing would check it, so it is a
 * programming error, refused at boot (ValidatedParamsCheck) and, should one slip through, per request.
 */
export function unvalidatedParamProblem(metadata: Pick<ArgumentMetadata, 'type' | 'metatype' | 'data'>): string | undefined {
  if (metadata.type !== 'body' && metadata.type !== 'query') return undefined;
  if (metadata.data !== undefined)
    return `@${metadata.type === 'body' ? 'Body' : 'Query'}('${metadata.data}') reads one field without a DTO`;
  if (NOT_DTOS.includes(metadata.metatype)) return `@${metadata.type === 'body' ? 'Body' : 'Query'}() has no DTO class`;
  return undefined;
}

export function assertValidatedParam(metadata: ArgumentMetadata): void {
  const problem = unvalidatedParamProblem(metadata);
  if (problem) throw new Error(`Unvalidated request input: ${problem}; declare a DTO class with @Arg or class-validator rules`);
}

/** Every `@Body()` / `@Query()` parameter of every route handler that lacks a DTO class. */
export function findUnvalidatedParams(controllers: readonly Function[], scanner = new MetadataScanner()): string[] {
  const problems: string[] = [];
  for (const controller of controllers) {
    const prototype = controller.prototype as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
      const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
      for (const [key, arg] of Object.entries(args)) {
        const paramtype = Number(key.split(':')[0]) as RouteParamtypes;
        const type = paramtype === RouteParamtypes.BODY ? 'body' : paramtype === RouteParamtypes.QUERY ? 'query' : undefined;
        if (!type) continue;
        const problem = unvalidatedParamProblem({
          type,
          metatype: types[arg.index] as Type | undefined,
          data: arg.data as string | undefined,
        });
        if (problem) problems.push(`${controller.name}.${name}: ${problem}`);
      }
    }
  }
  return problems;
}

/** Refuses to start an app with a route whose body or query string would go unvalidated. */
@Injectable()
export class ValidatedParamsCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onApplicationBootstrap(): void {
    const controllers = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype)
      .filter((type): type is Type => typeof type === 'function');
    const problems = findUnvalidatedParams(controllers, this.scanner);
    if (problems.length) throw new Error(`Unvalidated request input:\n  ${problems.join('\n  ')}`);
  }
}
