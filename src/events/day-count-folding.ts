import { DataSource, EntityManager } from 'typeorm';
import { transaction } from '../database/transaction';
import { notesComplete } from '../database/write-notes';
import { marks } from '../database/placeholders';
import { isSqlite } from '../database/dialect';

/** The columns that make a row of event_day_counts a key (`n` is its count). */
const KEY = ['kind', 'post_id', 'status', 'level', 'start_bucket', 'end_bucket'] as const;

/** Rows of event_day_counts visited per transaction: short, so writers adding rows of the same keys wait little. */
export const FOLD_BATCH = 1000;
/** Keys per statement: 6 placeholders each, under SQLite's 999 variables. */
const KEYS_PER_STATEMENT = 150;

interface CountRow {
  id: number | string;
  kind: number | string;
  post_id: number | string;
  status: string;
  level: number | string;
  start_bucket: number | string;
  end_bucket: number | string;
  n: number | string;
}

const keyOf = (row: CountRow): string => KEY.map((column) => String(row[column])).join('\0');

/**
 * One step of folding event_day_counts (issue #14). Writes record their changes as new rows, never
 * updates (recordEventChanges), so a busy day gains a row per write and a total that reads it gets
 * slower with every write. This visits the next `batch` rows after `event_day_counts_folded`, and
 * replaces all the rows of each key it meets by one row of their sum (none when it is 0), in one
 * transaction: the sums stay exact. On MySQL/MariaDB the progress row is locked first, so
 * instances folding at once take turns, and only the rows folded are locked: a writer's new rows
 * are other rows, left for a later step. Returns how many rows it visited: fewer than `batch`
 * when it caught up.
 */
export function foldDayCounts(dataSource: DataSource, batch = FOLD_BATCH): Promise<number> {
  return transaction(dataSource, async (manager) => {
    // The totals do not change: no remembered read ends.
    notesComplete();
    const lock = isSqlite(manager) ? '' : ' FOR UPDATE';
    const [progress] = await manager.query<{ folded_to: number | string }[]>(`SELECT folded_to FROM event_day_counts_folded${lock}`);
    const from = Number(progress?.folded_to ?? 0);
    const visited = await manager.query<CountRow[]>(
      `SELECT id, ${KEY.join(', ')}, n FROM event_day_counts WHERE id > ? ORDER BY id LIMIT ?`,
      [from, batch],
    );
    if (!visited.length) {
      // Ids below the progress only: the table was emptied and its ids started again (TRUNCATE).
      // Going back to its last id keeps the next steps on new rows (a few unfolded ones cost only speed).
      const [{ last }] = await manager.query<{ last: number | string | null }[]>('SELECT MAX(id) AS last FROM event_day_counts');
      if (Number(last ?? 0) < from) await manager.query('UPDATE event_day_counts_folded SET folded_to = ?', [Number(last ?? 0)]);
      return 0;
    }
    const keys = new Map(visited.map((row) => [keyOf(row), row]));
    const rowsOfKeys = await allRowsOf(manager, [...keys.values()], lock);
    const deleted: number[] = [];
    const sums: unknown[][] = [];
    for (const rows of rowsOfKeys.values()) {
      const n = rows.reduce((sum, row) => sum + Number(row.n), 0);
      if (rows.length === 1 && n !== 0) continue;
      deleted.push(...rows.map((row) => Number(row.id)));
      if (n !== 0) sums.push([...KEY.map((column) => rows[0][column]), n]);
    }
    for (let at = 0; at < deleted.length; at += 500) {
      const ids = deleted.slice(at, at + 500);
      await manager.query(`DELETE FROM event_day_counts WHERE id IN (${marks(ids.length)})`, ids);
    }
    for (let at = 0; at < sums.length; at += 100) {
      const rows = sums.slice(at, at + 100);
      await manager.query(
        `INSERT INTO event_day_counts (${KEY.join(', ')}, n) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        rows.flat(),
      );
    }
    await manager.query('UPDATE event_day_counts_folded SET folded_to = ?', [Number(visited[visited.length - 1].id)]);
    return visited.length;
  });
}

/**
 * Every row of the keys, grouped by key. Found by the key's index without locks, then read again
 * by primary key with FOR UPDATE on MySQL/MariaDB: only those rows are locked (no gap of the
 * index, so writers adding rows of these keys do not wait), and a row another folder deleted
 * meanwhile is not returned.
 */
async function allRowsOf(manager: EntityManager, keys: readonly CountRow[], lock: string): Promise<Map<string, CountRow[]>> {
  const ids: number[] = [];
  const match = `(${KEY.map((column) => `${column} = ?`).join(' AND ')})`;
  for (let at = 0; at < keys.length; at += KEYS_PER_STATEMENT) {
    const slice = keys.slice(at, at + KEYS_PER_STATEMENT);
    const found = await manager.query<{ id: number | string }[]>(
      `SELECT id FROM event_day_counts WHERE ${slice.map(() => match).join(' OR ')}`,
      slice.flatMap((key) => KEY.map((column) => key[column])),
    );
    ids.push(...found.map((row) => Number(row.id)));
  }
  const grouped = new Map<string, CountRow[]>();
  for (let at = 0; at < ids.length; at += 500) {
    const slice = ids.slice(at, at + 500);
    const rows = await manager.query<CountRow[]>(
      `SELECT id, ${KEY.join(', ')}, n FROM event_day_counts WHERE id IN (${marks(slice.length)})${lock}`,
      slice,
    );
    for (const row of rows) {
      const key = keyOf(row);
      const list = grouped.get(key);
      if (list) list.push(row);
      else grouped.set(key, [row]);
    }
  }
  return grouped;
}

/** After the counts were written afresh (the seed, a rebuild): every row is its key's only one. */
export async function markDayCountsFolded(manager: EntityManager): Promise<void> {
  const [{ id }] = await manager.query<{ id: number | string | null }[]>('SELECT MAX(id) AS id FROM event_day_counts');
  await manager.query('UPDATE event_day_counts_folded SET folded_to = ?', [Number(id ?? 0)]);
}
