import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  Type,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { Request } from 'express';
import { EntityManager } from 'typeorm';

/**
 * Loads the object a single-item route addresses (by id or slug) and checks the caller's right
 * on it: throws 404 when it does not exist, 403 when the caller may not act on it. Implemented
 * per resource and named with @LoadSubject.
 */
export interface SubjectResolver<T = unknown> {
  resolve(request: Request, action: SubjectAction): Promise<T>;
  /**
   * The body a single read (GET) of the subject gives this request's caller, through the
   * resource's own read path: `If-Match` compares its ETag (CONTRACT §7). Throws the read's
   * ApiError when the caller could not read it. Inside a write's transaction (the second If-Match
   * check) `manager` is that transaction's: every read must use it, never a connection of its own.
   */
  represent(subject: T, request: Request, manager?: EntityManager): Promise<unknown>;
}

export type SubjectAction = 'read' | 'edit' | 'delete';

const SUBJECT_KEY = 'calendar:subject';

declare module 'express-serve-static-core' {
  interface Request {
    subject?: unknown;
  }
}

/**
 * Guards run before pipes, so resolving the subject in a guard gives writes the contract's order
 * of checks (CONTRACT §2.4): credentials 401, capability 403, unknown 404, this object 403, and
 * only then the body's validation 400.
 */
@Injectable()
export class SubjectGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const subject = subjectResolverOf(this.reflector, this.moduleRef, context.getHandler());
    if (!subject) return true;
    const request = context.switchToHttp().getRequest<Request>();
    request.subject = await subject.resolver.resolve(request, subject.action);
    return true;
  }
}

/** The resolver a handler's @LoadSubject names, and the action it checks; undefined without one. */
export function subjectResolverOf(
  reflector: Reflector,
  moduleRef: ModuleRef,
  handler: Function,
): { resolver: SubjectResolver; action: SubjectAction } | undefined {
  const meta = reflector.get<{ resolver: Type<SubjectResolver>; action: SubjectAction } | undefined>(SUBJECT_KEY, handler);
  return meta && { resolver: moduleRef.get(meta.resolver, { strict: false }), action: meta.action };
}

export function LoadSubject(resolver: Type<SubjectResolver>, action: SubjectAction): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(SUBJECT_KEY, { resolver, action }), UseGuards(SubjectGuard));
}

/** The object loaded by @LoadSubject. */
export const Subject = createParamDecorator(
  (_: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().subject,
);
