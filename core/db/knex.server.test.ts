// The database helpers behave the same on MariaDB and on SQLite.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbStore, sqliteStore, type Store } from '../../tests/support/db';
import { isMysql, knexConfig, toBool, toDate, whereContains } from './knex.server';

const stores: Store[] = [];
const handles: Record<'mariadb' | 'sqlite', Knex> = {} as never;

beforeAll(async () => {
  stores.push(await mariadbStore(), sqliteStore());
  [handles.mariadb, handles.sqlite] = stores.map((s) => s.knex);
  for (const knex of Object.values(handles)) {
    await knex.schema.createTable('names', (t) => {
      t.increments('id');
      t.string('name', 64).notNullable();
    });
    await knex('names').insert(['admin', 'trader', 'trader_2', '100%off', 'a\\b', 'xtraderx'].map((name) => ({ name })));
  }
});
afterAll(async () => {
  for (const s of stores) {
    await s.knex.destroy();
    await s.drop();
  }
});

describe.each(['mariadb', 'sqlite'] as const)('whereContains on %s', (which) => {
  const names = async (value: string) =>
    (await whereContains(handles[which]('names'), 'name', value).orderBy('id').select('name')).map((r: { name: string }) => r.name);

  it('finds the rows containing the text', async () => {
    expect(await names('trader')).toEqual(['trader', 'trader_2', 'xtraderx']);
  });

  it('takes % and _ literally', async () => {
    expect(await names('_')).toEqual(['trader_2']);
    expect(await names('%')).toEqual(['100%off']);
  });

  it('takes a backslash literally', async () => {
    expect(await names('\\')).toEqual(['a\\b']);
  });

  it('combines with other conditions', async () => {
    const n = await whereContains(handles[which]('names'), 'name', 'trader').andWhere('id', '>', 1).count({ n: '*' });
    expect(Number(n[0].n)).toBe(3);
  });
});

describe('knexConfig and value helpers', () => {
  it('picks mysql2 for a mysql:// URL and better-sqlite3 for sqlite:', () => {
    expect(isMysql(handles.mariadb)).toBe(true);
    expect(isMysql(handles.sqlite)).toBe(false);
    expect(knexConfig('mysql://u:p%40ss@db.example:3307/port').connection).toMatchObject({ host: 'db.example', port: 3307, user: 'u', password: 'p@ss', database: 'port' });
  });

  it('toDate and toBool read what either database hands back', () => {
    const d = new Date('2024-05-01T10:00:00.000Z');
    expect(toDate(d)).toBe(d);
    expect(toDate(d.getTime())?.toISOString()).toBe(d.toISOString());
    expect(toDate(String(d.getTime()))?.toISOString()).toBe(d.toISOString());
    expect(toDate(null)).toBeNull();
    expect(toDate('')).toBeNull();
    expect([true, 1, '1'].map(toBool)).toEqual([true, true, true]);
    expect([false, 0, '0', null].map(toBool)).toEqual([false, false, false, false]);
  });
});
