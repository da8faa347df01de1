import { ExecutionContext, Type, createParamDecorator } from '@nestjs/common';
import { Request } from 'express';
import 'reflect-metadata';
import { documentArgs } from './arg-docs';
import { getArgSpecs } from './arg-spec';

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
 * on the handler, so the namespace index can list it, and given to swagger for /doc.
 */
export function Args(): ParameterDecorator {
  return (target, key, index) => {
    const types = key ? ((Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined) ?? []) : [];
    const dto = types[index];
    if (key) Reflect.defineMetadata(ARGS_DTO, dto, target, key);
    collect()(target, key, index);
    const descriptor = key ? Object.getOwnPropertyDescriptor(target, key) : undefined;
    if (descriptor && typeof dto === 'function') documentArgs(dto as Type, getArgSpecs(dto))(target, key!, descriptor);
  };
}
