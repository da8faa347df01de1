import { EntityManager } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';

/**
 * Why no event has this id (tec-events-api §4, order of checks): events, venues and organizers
 * share one id sequence (as WordPress's posts), so an id may name a venue or an organizer: 400
 * `rest-invalid-event-id` then, 404 `rest-event-not-found` when it names nothing. Asked only once
 * the event is known to be missing, so reads and writes of events pay nothing for it.
 */
export async function missingEventError(manager: EntityManager, id: number): Promise<ApiError> {
  const rows = await manager.query<unknown[]>(
    'SELECT 1 AS found FROM venues WHERE id = ? UNION ALL SELECT 1 AS found FROM organizers WHERE id = ?',
    [id, id],
  );
  return rows.length ? ApiError.of('rest-invalid-event-id') : ApiError.of('rest-event-not-found', id);
}

/** A missing event by slug: slugs are per type, so a venue's slug names no event (404). */
export function missingEventSlugError(slug: string): ApiError {
  return new ApiError('rest-event-not-found', msg('Event with slug %s does not exist.', slug));
}
