import { EntityManager, EntityTarget } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { OwnedObject, canOnObject } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { Message } from '../common/i18n/message';

/** An event, venue or organizer row as the read check needs it. */
export interface ReadablePost extends OwnedObject {
  readonly id: number;
}

export interface ReadableOptions {
  /** Trashed rows count as unknown even for those who may read them (links to the trash). */
  readonly excludeTrash?: boolean;
}

/**
 * The ids among `ids` that name no row the caller may read (CONTRACT §2.4), in the order given:
 * unknown ids and others' unpublished or trashed rows alike, so that no answer tells an
 * unpublished id from an unknown one. One query whatever the number of ids.
 */
export async function unreadableIds(
  manager: EntityManager,
  entity: EntityTarget<ReadablePost>,
  ids: readonly number[],
  user: AuthUser | null | undefined,
  options: ReadableOptions = {},
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await manager
    .createQueryBuilder(entity, 'x')
    .select(['x.id', 'x.authorId', 'x.status'])
    .where('x.id IN (:...ids)', { ids: unique })
    .getMany();
  const readable = new Set(
    rows.filter((row) => !(options.excludeTrash && row.status === 'trash') && canOnObject(user, 'read', row)).map((row) => row.id),
  );
  return unique.filter((id) => !readable.has(id));
}

/**
 * Readable existence: every id must name a row the caller may read, else 400 rest_invalid_param
 * on `param` with `reason(missing)`, the reason an unknown id gets.
 */
export async function assertReadable(
  manager: EntityManager,
  entity: EntityTarget<ReadablePost>,
  ids: readonly number[],
  user: AuthUser | null | undefined,
  param: string,
  reason: (missing: number[]) => Message,
  options: ReadableOptions = {},
): Promise<void> {
  const missing = await unreadableIds(manager, entity, ids, user, options);
  if (missing.length) throw ApiError.invalidParam(param, reason(missing));
}
