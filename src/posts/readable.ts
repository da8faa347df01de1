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
  const [[unreadable]] = await readTogether(manager, [unreadableRead(manager, [{ entity, ids }], user, options)]);
  return unreadable;
}

/**
 * unreadableIds of several tables as one read (issue #14: an event write names venues and
 * organizers), each answer in the order of the lookups. readTogether sends it: outside a
 * transaction (a list's filters) where the request's reads go, a replica for anonymous callers.
 */
export function unreadableRead(
  manager: EntityManager,
  lookups: readonly { entity: EntityTarget<ReadablePost>; ids: readonly number[] }[],
  user: AuthUser | null | undefined,
  options: ReadableOptions = {},
): JsonRead<number[][]> {
  const asked = lookups.map((lookup) => [...new Set(lookup.ids)]);
  const selects = asked.flatMap((ids, i) => {
    if (!ids.length) return [];
    const metadata = manager.connection.getMetadata(lookups[i].entity);
    const column = (property: string) => metadata.findColumnWithPropertyName(property)!.databaseName;
    return [
      {
        object: `JSON_OBJECT('lookup', ${i}, 'id', ${column('id')}, 'author_id', ${column('authorId')}, 'status', ${column('status')})`,
        from: `FROM ${metadata.tableName} WHERE ${column('id')} IN (${marks(ids.length)})`,
        params: ids,
      },
    ];
  });
  return {
    selects,
    answer: (rows) =>
      asked.map((ids, i) => {
        const readable = new Set(
          rows
            .filter((row) => Number(row.lookup) === i)
            .map((row) => ({ id: Number(row.id), authorId: Number(row.author_id), status: String(row.status) }))
            .filter((row) => !(options.excludeTrash && row.status === 'trash') && canOnObject(user, 'read', row))
            .map((row) => row.id),
        );
        return ids.filter((id) => !readable.has(id));
      }),
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
