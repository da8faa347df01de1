import Database from 'better-sqlite3';
import { POST_STATUSES } from '../posts/status';
import { AuthUser } from './auth-user';
import { ObjectAction, canEditWhere, canOnObject, canReadWhere } from './permissions';
import { ROLES } from './roles';

describe('canReadWhere and canEditWhere', () => {
  // Every status, owned by the caller (id 1) or by someone else (id 2).
  const db = new Database(':memory:');
  db.exec('CREATE TABLE v (id INTEGER PRIMARY KEY, status TEXT NOT NULL, author_id INTEGER NOT NULL)');
  const rows = POST_STATUSES.flatMap((status) => [1, 2].map((authorId) => ({ status, authorId })));
  rows.forEach((row, index) => db.prepare('INSERT INTO v VALUES (?, ?, ?)').run(index + 1, row.status, row.authorId));

  const callers: [string, AuthUser | null][] = [
    ['anonymous', null],
    ...ROLES.map((role): [string, AuthUser] => [role, { id: 1, username: role, role }]),
  ];

  it.each(
    callers.flatMap(([name, user]) =>
      (['read', 'edit'] as const).map((action): [ObjectAction, string, AuthUser | null] => [action, name, user]),
    ),
  )('selects exactly the rows canOnObject allows to %s by %s', (action, _name, user) => {
    const condition = (action === 'read' ? canReadWhere : canEditWhere)(user, { status: 'v.status', author: 'v.author_id' });
    const selected = (db.prepare(`SELECT id FROM v WHERE ${condition.sql} ORDER BY id`).all(condition.params) as { id: number }[]).map(
      (row) => row.id,
    );
    const expected = rows.flatMap((row, index) => (canOnObject(user, action, row) ? [index + 1] : []));
    expect(selected).toEqual(expected);
  });

  it('binds the caller as a parameter, never into the SQL text', () => {
    const condition = canReadWhere({ id: 42, username: 'c', role: 'contributor' }, { status: 'v.status', author: 'v.author_id' });
    expect(condition.sql).not.toContain('42');
    expect(condition.params).toEqual({ readableBy: 42 });
  });
});
