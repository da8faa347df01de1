import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { parseSlug } from '../posts/slug';

/**
 * The new slug of a by-slug update of a venue or organizer: the body's `slug` (CONTRACT §2.2 "on
 * by-slug updates a `slug` in the body is the new slug"). Read apart from the DTO, whose `slug`
 * is the path's, as the specification declares it (required, naming the item); a body `slug`
 * that slugifies to nothing is a 400 naming it.
 */
export const NewSlug = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const body: unknown = context.switchToHttp().getRequest<Request>().body;
  const raw = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).slug : undefined;
  if (raw === undefined) return undefined;
  const slug = parseSlug(raw);
  if (!slug.ok) throw ApiError.invalidParam('slug', slug.reason);
  return slug.value;
});
