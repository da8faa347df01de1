import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Request } from 'express';
import 'reflect-metadata';

export const ARGS_DTO = Symbol('calendar:args-dto');

/** What the ArgsPipe receives: every source of parameters of the request, unmerged. */
export interface RawArgs {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  /** The parsed JSON or form body; `undefined` for reads and bodiless writes. */
  readonly body: Record<string, unknown> | undefined;
}

const collect = createParamDecorator((_: unknown, context: ExecutionContext): RawArgs => {
  const request = context.switchToHttp().getRequest<Request>();
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(request.method);
  const body: unknown = request.body;
  return {
    path: request.params ?? {},
    query: request.query ?? {},
    body: hasBody && body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined,
  };
});

/**
 * The request's parameters, validated against the DTO class of the handler argument (its `@Arg`
 * declarations and class-validator rules) by the global ArgsPipe. The DTO class is also recorded
 * on the handler, so the namespace index and /doc can list it.
 */
export function Args(): ParameterDecorator {
  return (target, key, index) => {
    const types = key ? ((Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined) ?? []) : [];
    if (key) Reflect.defineMetadata(ARGS_DTO, types[index], target, key);
    collect()(target, key, index);
  };
}
