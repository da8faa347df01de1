import Database from 'better-sqlite3';
import { UNCOUNTED, termCountDeltas, termCountUpdate } from './event-terms';

const deltas = (entries: [number, number][]) => new Map(entries);

describe('termCountDeltas', () => {
  it('adds 1 to each term of a published create, nothing for a draft', () => {
    expect(termCountDeltas(UNCOUNTED, { status: 'publish', termIds: [3, 1] })).toEqual(
      deltas([
        [3, 1],
        [1, 1],
      ]),
    );
    expect(termCountDeltas(UNCOUNTED, { status: 'draft', termIds: [3, 1] })).toEqual(deltas([]));
  });

  it('moves 1 from the old terms to the new ones of a published event, the kept ones unchanged', () => {
    expect(termCountDeltas({ status: 'publish', termIds: [1, 2] }, { status: 'publish', termIds: [2, 3] })).toEqual(
      deltas([
        [1, -1],
        [3, 1],
      ]),
    );
  });

  it('follows a status change, trash and every other status counting as unpublished', () => {
    expect(termCountDeltas({ status: 'draft', termIds: [1] }, { status: 'publish', termIds: [1, 2] })).toEqual(
      deltas([
        [1, 1],
        [2, 1],
      ]),
    );
    expect(termCountDeltas({ status: 'publish', termIds: [1] }, { status: 'trash', termIds: [1] })).toEqual(deltas([[1, -1]]));
    expect(termCountDeltas({ status: 'publish', termIds: [1] }, { status: 'future', termIds: [1] })).toEqual(deltas([[1, -1]]));
    expect(termCountDeltas({ status: 'pending', termIds: [1] }, { status: 'private', termIds: [2] })).toEqual(deltas([]));
  });

  it('takes 1 from each term of a hard-deleted published event', () => {
    expect(termCountDeltas({ status: 'publish', termIds: [1, 2] }, UNCOUNTED)).toEqual(
      deltas([
        [1, -1],
        [2, -1],
      ]),
    );
  });

  it('counts a term listed twice once', () => {
    expect(termCountDeltas(UNCOUNTED, { status: 'publish', termIds: [4, 4] })).toEqual(deltas([[4, 1]]));
  });
});

describe('termCountUpdate', () => {
  it('is nothing to do without a nonzero delta', () => {
    expect(termCountUpdate(deltas([]), true)).toBeUndefined();
    expect(termCountUpdate(deltas([[1, 0]]), true)).toBeUndefined();
  });

  it('is one parameterised statement grouped by delta, its ids in ascending order', () => {
    expect(
      termCountUpdate(
        deltas([
          [9, 1],
          [2, -1],
          [5, 1],
        ]),
        false,
      ),
    ).toEqual({
      sql: 'UPDATE terms SET count = GREATEST(count + CASE WHEN id IN (?) THEN ? WHEN id IN (?, ?) THEN ? END, 0) WHERE id IN (?, ?, ?)',
      params: [2, -1, 5, 9, 1, 2, 5, 9],
    });
  });

  it('changes only the named terms on SQLite and never takes a count below 0', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE terms (id INTEGER PRIMARY KEY, count INTEGER NOT NULL)');
    db.exec('INSERT INTO terms (id, count) VALUES (1, 3), (2, 0), (3, 5), (4, 7)');
    const update = termCountUpdate(
      deltas([
        [1, 1],
        [2, -1],
        [3, -2],
      ]),
      true,
    );
    if (!update) throw new Error('expected an update');
    db.prepare(update.sql).run(...update.params);
    expect(db.prepare('SELECT id, count FROM terms ORDER BY id').all()).toEqual([
      { id: 1, count: 4 },
      { id: 2, count: 0 },
      { id: 3, count: 3 },
      { id: 4, count: 7 },
    ]);
    db.close();
  });
});
