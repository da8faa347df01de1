import Database from 'better-sqlite3';
import { POST_STATUSES } from '../posts/status';
import { AuthUser } from './auth-user';
import { canOnObject, canReadWhere } from './permissions';
import { ROLES } from './roles';

describe('canReadWhere', () => {
  // Every status, owned by the caller (id 1) or by someone else (id 2).
  const db = new Database(':memory:');
  db.exec('CREATE TABLE v (id INTEGER PRIMARY KEY, status TEXT NOT NULL, author_id INTEGER NOT NULL)');
  const rows = POST_STATUSES.flatMap((status) => [1, 2].map((authorId) => ({ status, authorId })));
  rows.forEach((row, index) => db.prepare('INSERT INTO v VALUES (?, ?, ?)').run(index + 1, row.status, row.authorId));

  const callers: [string, AuthUser | null][] = [
    ['anonymous', null],
    ...ROLES.map((role): [string, AuthUser] => [role, { id: 1, username: role, role }]),
  ];

  it.each(callers)('selects exactly the rows canOnObject allows %s to read', (_name, user) => {
    const condition = canReadWhere(user, { status: 'v.status', author: 'v.author_id' });
    const selected = (db.prepare(`SELECT id FROM v WHERE ${condition.sql} ORDER BY id`).all(condition.params) as { id: number }[]).map(
      (row) => row.id,
    );
    const expected = rows.flatMap((row, index) => (canOnObject(user, 'read', row) ? [index + 1] : []));
    expect(selected).toEqual(expected);
  });

  it('binds the caller as a parameter, never into the SQL text', () => {
    const condition = canReadWhere({ id: 42, username: 'c', role: 'contributor' }, { status: 'v.status', author: 'v.author_id' });
    expect(condition.sql).not.toContain('42');
    expect(condition.params).toEqual({ readableBy: 42 });
  });
});

describe('canOnObject on an item in the trash', () => {
  const contributor: AuthUser = { id: 1, username: 'c', role: 'contributor' };
  const author: AuthUser = { id: 1, username: 'a', role: 'author' };
  const trashed = (trashedFrom: string | null) => ({ authorId: 1, status: 'trash', trashedFrom });

  it.each(['publish', 'future'])('refuses a contributor edits and deletes of their own item trashed from %s (WordPress)', (from) => {
    expect(canOnObject(contributor, 'edit', trashed(from))).toBe(false);
    expect(canOnObject(contributor, 'delete', trashed(from))).toBe(false);
    expect(canOnObject(author, 'delete', trashed(from))).toBe(true);
  });

  it.each(['draft', 'pending', null])('lets a contributor edit and delete their own item trashed from %s', (from) => {
    expect(canOnObject(contributor, 'edit', trashed(from))).toBe(true);
    expect(canOnObject(contributor, 'delete', trashed(from))).toBe(true);
  });

  it('ignores trashedFrom outside the trash (left over from an earlier trip to the trash)', () => {
    expect(canOnObject(contributor, 'edit', { authorId: 1, status: 'draft', trashedFrom: 'publish' })).toBe(true);
  });
});
