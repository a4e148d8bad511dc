// What the base-data tests share: a `system` plugin carrying only the base-data area, a fresh
// database with it, and calls to the real API route modules as a signed-in user.
import { definePlugin, type PortPlugin } from '../../../core/plugin';
import { setRegistry } from '../../../core/registry.server';
import { systemMigrations } from '../migrations';
import { createTestDb, type TestDb } from '../../../tests/support/db';
import { envelope, req, respond, type Envelope } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { action as collectionAction, loader as collectionLoader } from '../../../app/routes/api.$plugin.$resource';
import { action as memberAction, loader as memberLoader } from '../../../app/routes/api.$plugin.$resource.$id';
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

export interface Answer extends Envelope {
  status: number;
  fieldErrors: Record<string, string>;
}

async function answer(res: Response): Promise<Answer> {
  const body = await envelope(res);
  const fieldErrors = (body.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {};
  return { ...body, status: res.status, fieldErrors };
}

/** REST calls on /api/system/<name> as one user. */
export function apiAs(cookie: string) {
  const path = (name: string, id?: number) => `/api/system/${name}${id ? `/${id}` : ''}`;
  const params = (name: string, id?: number) => ({ plugin: 'system', resource: name, ...(id ? { id: String(id) } : {}) });
  return {
    async list(name: string, query = '') {
      return answer(await respond(collectionLoader, req(`${path(name)}?${query}`, { cookie }), params(name)));
    },
    async get(name: string, id: number) {
      return answer(await respond(memberLoader, req(path(name, id), { cookie }), params(name, id)));
    },
    async create(name: string, body: Record<string, unknown>) {
      return answer(await respond(collectionAction, req(path(name), { method: 'POST', json: body, cookie }), params(name)));
    },
    async update(name: string, id: number, body: Record<string, unknown>) {
      return answer(await respond(memberAction, req(path(name, id), { method: 'PUT', json: body, cookie }), params(name, id)));
    },
    async remove(name: string, ids: number[]) {
      return answer(await respond(collectionAction, req(path(name), { method: 'DELETE', json: { ids }, cookie }), params(name)));
    },
  };
}

export type Api = ReturnType<typeof apiAs>;

/** A fresh database with the base data seeded, the API pointed at it, and the admin signed in. */
export async function openBaseData(): Promise<{ db: TestDb; admin: Api; close(): Promise<void> }> {
  const db = await createTestDb({ plugins: [baseDataTestPlugin] });
  const previous = setRegistry(db.registry);
  const admin = apiAs(await loginAs('admin'));
  return {
    db,
    admin,
    async close() {
      setRegistry(previous);
      await db.destroy();
    },
  };
}

/** The id of the row of a table with this code. */
export async function idOf(db: TestDb, table: string, where: Record<string, unknown>): Promise<number> {
  const row = await db.knex(table).where(where).first();
  if (!row) throw new Error(`no ${table} row ${JSON.stringify(where)}`);
  return Number(row.id);
}
