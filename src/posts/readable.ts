import { EntityManager, EntityTarget } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { OwnedObject, canOnObject } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { Message } from '../common/i18n/message';
import { marks } from '../database/placeholders';
import { JsonRead, readTogether } from '../database/read-together';

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
  const [unreadable] = await readTogether(manager, [unreadableRead(manager, entity, ids, user, options)]);
  return unreadable;
}

/**
 * unreadableIds as a read, to share a statement with others (issue #14: an event write checks
 * its venues, organizers and parent with its terms). readTogether sends it: outside a
 * transaction (a list's filters) where the request's reads go, a replica for anonymous callers.
 */
export function unreadableRead(
  manager: EntityManager,
  entity: EntityTarget<ReadablePost>,
  ids: readonly number[],
  user: AuthUser | null | undefined,
  options: ReadableOptions = {},
): JsonRead<number[]> {
  const asked = [...new Set(ids)];
  const metadata = manager.connection.getMetadata(entity);
  const column = (property: string) => metadata.findColumnWithPropertyName(property)!.databaseName;
  return {
    selects: asked.length
      ? [
          {
            object: `JSON_OBJECT('id', ${column('id')}, 'author_id', ${column('authorId')}, 'status', ${column('status')})`,
            from: `FROM ${metadata.tableName} WHERE ${column('id')} IN (${marks(asked.length)})`,
            params: asked,
          },
        ]
      : [],
    answer: (rows) => {
      const readable = new Set(
        rows
          .map((row) => ({ id: Number(row.id), authorId: Number(row.author_id), status: String(row.status) }))
          .filter((row) => !(options.excludeTrash && row.status === 'trash') && canOnObject(user, 'read', row))
          .map((row) => row.id),
      );
      return asked.filter((id) => !readable.has(id));
    },
  };
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
