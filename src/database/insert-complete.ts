import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * INSERT of rows whose every column is given. TypeORM's save() first SELECTs a row whose id is
 * preset (to choose between INSERT and UPDATE), and save() and insert() both read back the columns
 * that have database defaults after inserting: two statements per row that an event create does
 * not need, since it sets every column (issue #7: a create ran 21 statements).
 */
export async function insertComplete<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  values: QueryDeepPartialEntity<T> | QueryDeepPartialEntity<T>[],
): Promise<void> {
  await manager.createQueryBuilder().insert().into(target).values(values).updateEntity(false).execute();
}
