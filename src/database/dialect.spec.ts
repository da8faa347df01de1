import { DataSource } from 'typeorm';
import { dialectOf, isSqlite } from './dialect';

describe('dialectOf', () => {
  it('tells the embedded SQLite from MySQL/MariaDB, from a DataSource or from its manager', () => {
    const sqlite = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    const mysql = new DataSource({ type: 'mysql', url: 'mysql://root@127.0.0.1:1/none' });
    const mariadb = new DataSource({ type: 'mariadb', url: 'mysql://root@127.0.0.1:1/none' });
    expect([dialectOf(sqlite), dialectOf(sqlite.manager), isSqlite(sqlite), isSqlite(sqlite.manager)]).toEqual([
      'sqlite',
      'sqlite',
      true,
      true,
    ]);
    expect([dialectOf(mysql), dialectOf(mysql.manager), isSqlite(mysql), isSqlite(mysql.manager)]).toEqual([
      'mysql',
      'mysql',
      false,
      false,
    ]);
    expect([dialectOf(mariadb), isSqlite(mariadb.manager)]).toEqual(['mysql', false]);
  });
});
