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

/**
 * Loads the object a single-item route addresses (by id or slug) and checks the caller's right
 * on it: throws 404 when it does not exist, 403 when the caller may not act on it. Implemented
 * per resource and named with @LoadSubject.
 */
export interface SubjectResolver<T = unknown> {
  resolve(request: Request, action: SubjectAction): Promise<T>;
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
    const meta = this.reflector.get<{ resolver: Type<SubjectResolver>; action: SubjectAction } | undefined>(
      SUBJECT_KEY,
      context.getHandler(),
    );
    if (!meta) return true;
    const request = context.switchToHttp().getRequest<Request>();
    request.subject = await this.moduleRef.get(meta.resolver, { strict: false }).resolve(request, meta.action);
    return true;
  }
}

export function LoadSubject(resolver: Type<SubjectResolver>, action: SubjectAction): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(SUBJECT_KEY, { resolver, action }), UseGuards(SubjectGuard));
}

/** The object loaded by @LoadSubject. */
export const Subject = createParamDecorator(
  (_: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().subject,
);
