// What the base-data tests share: a `system` plugin carrying only the base-data area, a fresh
// database with it, and calls to the real API route modules as a signed-in user.
import { definePlugin, type PortPlugin } from '../../../core/plugin';
import { systemMigrations } from '../migrations';
import type { TestDb } from '../../../tests/support/db';
import { resourceApi, type Caller } from '../../../tests/support/resource';
import { setUpTestDb, type Suite } from '../../../tests/support/suite';
import { baseDataArea } from './index';

export const baseDataTestPlugin: PortPlugin = definePlugin({
  id: 'system',
  root: 'plugins/system',
  areas: [baseDataArea],
  menus: [
    {
      key: 'dataBase',
      path: '/dataBase',
      titleKey: 'system:baseData.country.title',
      children: [{ key: 'dataBase.systemData', path: '/dataBase/systemData', titleKey: 'system:baseData.country.title', children: [] }],
    },
  ],
  migrations: systemMigrations,
  locales: { zh: {}, en: {}, my: {} },
});

/** REST calls on /api/system/<name> as one user (a cookie, or a caller whose cookie is read at each call). */
export function apiAs(caller: string | Caller) {
  const api = (name: string) => resourceApi('system', name, typeof caller === 'string' ? { cookie: caller } : caller);
  return {
    list: (name: string, query = '') => api(name).list(query),
    get: (name: string, id: number) => api(name).get(id),
    create: (name: string, body: Record<string, unknown>) => api(name).create(body),
    /** create(name, ·) as a function of the body alone. */
    creating: (name: string) => (body: Record<string, unknown>) => api(name).create(body),
    update: (name: string, id: number, body: Record<string, unknown>) => api(name).update(id, body),
    remove: (name: string, ids: number[]) => api(name).removeMany(ids),
  };
}

export type Api = ReturnType<typeof apiAs>;

/** The file's database with the base data seeded and installed as core's registry, and the admin's API calls. */
export function setUpBaseData(): { db: Suite; admin: Api } {
  const db = setUpTestDb({ plugins: [baseDataTestPlugin], registry: true, logins: ['admin'] });
  return { db, admin: apiAs(db.as('admin')) };
}

/** The id of the row of a table with this code. */
export async function idOf(db: TestDb, table: string, where: Record<string, unknown>): Promise<number> {
  const row = await db.knex(table).where(where).first();
  if (!row) throw new Error(`no ${table} row ${JSON.stringify(where)}`);
  return Number(row.id);
}
