import { EntityManager } from 'typeorm';
import { jsonColumn } from './json-rows';
import { SqlPiece } from './placeholders';
import { readQuery } from './read-routing';

/**
 * A read that can share a statement with others: SELECTs of one JSON object per row, and how
 * its rows become its answer. An event write checks its terms, venues, organizers, parent and
 * image, and reads its slug's numbers, before it writes; each was a statement of its own, and
 * every statement costs the database a parse, a plan and a wake-up of one of its threads, and the
 * server about 18 µs (issue #14).
 */
export interface JsonRead<T> {
  readonly selects: readonly JsonReadSelect[];
  /** The answer from the read's rows, in no particular order (a UNION ALL keeps none). */
  answer(rows: readonly Record<string, unknown>[]): T;
}

/** `object` is the row's JSON (`JSON_OBJECT(...)`), `from` the rest of its SELECT (`FROM ... WHERE ...`). */
export interface JsonReadSelect {
  readonly object: string;
  readonly from: string;
  readonly params: readonly unknown[];
}

type Answers<R extends readonly JsonRead<unknown>[]> = { -readonly [K in keyof R]: R[K] extends JsonRead<infer T> ? T : never };

/** A read's answer turned into another (the rows are the same). */
export function mapRead<T, U>(read: JsonRead<T>, map: (answer: T) => U): JsonRead<U> {
  return { selects: read.selects, answer: (rows) => map(read.answer(rows)) };
}

/**
 * Reads that do not depend on each other in one statement: a UNION ALL of every SELECT, each
 * row tagged with its read. Reads without SELECTs (nothing to look up) answer from no rows, and
 * none at all send nothing. Inside a transaction on its connection, else where the request's
 * reads go (readQuery).
 */
export async function readTogether<const R extends readonly JsonRead<unknown>[]>(manager: EntityManager, reads: R): Promise<Answers<R>> {
  const branches: SqlPiece[] = reads.flatMap((read, k) =>
    read.selects.map((select) => ({ sql: `SELECT ${k} AS k, ${select.object} AS j ${select.from}`, params: select.params })),
  );
  const rows = branches.length
    ? await readQuery<{ k: number | string; j: unknown }[]>(
        manager,
        branches.map((branch) => branch.sql).join(' UNION ALL '),
        branches.flatMap((branch) => branch.params),
      )
    : [];
  const byRead = reads.map(() => [] as Record<string, unknown>[]);
  for (const row of rows) byRead[Number(row.k)].push(jsonColumn(row.j) as Record<string, unknown>);
  return reads.map((read, k) => read.answer(byRead[k])) as Answers<R>;
}
