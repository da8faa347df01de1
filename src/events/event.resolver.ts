import { Injectable } from '@nestjs/common';
import { Request } from 'express';
import { canOnObject } from '../auth/permissions';
import { SubjectAction, SubjectResolver } from '../auth/subject';
import { ApiError } from '../common/errors/api-error';
import { parsePathId } from '../common/params/path-id';
import { EventEntity } from './event.entity';
import { EventView } from './event.presenter';
import { EventsQueryService } from './events-query.service';
import { EntityManager } from 'typeorm';

/**
 * The event of `/events/{id}` or `/events/by-slug/{slug}` for writes, loaded before the body is
 * validated: 404 when unknown, then 403 when the caller has no right on this event (CONTRACT §2.4,
 * the same check by slug as by id).
 */
@Injectable()
export class EventResolver implements SubjectResolver<EventEntity> {
  constructor(private readonly events: EventsQueryService) {}

  async resolve(request: Request, action: SubjectAction): Promise<EventEntity> {
    const { id, slug } = request.params;
    const event = await this.events.findOrFail(id !== undefined ? { id: parsePathId(id) } : { slug: String(slug) });
    if (!canOnObject(request.user, action, event)) throw ApiError.forbidden(Boolean(request.user));
    return event;
  }

  /**
   * The single read's body, read afresh (its checks included: a trashed event has none), as a GET
   * with the event's password gives it: the writer passed the edit check, and a write's own
   * `password` parameter is the new password, so it cannot also be the one to read with.
   */
  represent(event: EventEntity, request: Request, manager?: EntityManager): Promise<EventView> {
    return this.events.read({ id: event.id }, request.user, event.password || undefined, manager);
  }
}
