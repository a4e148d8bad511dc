// The database helpers behave the same on MariaDB and on SQLite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../tests/support/db';
import { isMysql, knexConfig, toBool, toDate, whereContains } from './knex.server';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'port-knex-'));
const dbName = `tk_${process.pid}_${Math.random().toString(16).slice(2, 8)}`;
const handles: Record<'mariadb' | 'sqlite', Knex> = {} as never;

beforeAll(async () => {
  const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
  await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  handles.mariadb = knexFactory(knexConfig(url.toString()));
  handles.sqlite = knexFactory(knexConfig('sqlite:' + path.join(tmp, 'helpers.sqlite')));
  for (const knex of Object.values(handles)) {
    await knex.schema.createTable('names', (t) => {
      t.increments('id');
      t.string('name', 64).notNullable();
    });
    await knex('names').insert(['admin', 'trader', 'trader_2', '100%off', 'a\\b', 'xtraderx'].map((name) => ({ name })));
  }
});
afterAll(async () => {
  await handles.sqlite?.destroy();
  await handles.mariadb?.destroy();
  const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
  await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
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
