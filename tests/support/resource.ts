// The resource engine's REST API called the way the server does (real Requests into the route
// modules under app/routes), plus quick ways to make departments, roles and users for a test.
import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../../core/auth/password.server';
import { loadSessionUser } from '../../core/rbac/access.server';
import type { SessionUser } from '../../core/rbac/menu';
import { defineResource, type ResourceDef } from '../../core/resource/define';
import type { Actor } from '../../core/resource/define.server';
import system from '../../plugins/system/index';
import * as collectionRoute from '../../app/routes/api.$plugin.$resource';
import * as memberRoute from '../../app/routes/api.$plugin.$resource.$id';
import * as transitionRoute from '../../app/routes/api.$plugin.$resource.transition.$transition';
import * as exportRoute from '../../app/routes/api.$plugin.$resource.export';
import { envelope, req, respond, type Envelope } from './http';
import { loginAs } from './session';
import { setUpTestDb, type Suite } from './suite';

/** Who calls: a session cookie, a partner token, or nobody. */
export interface Caller {
  cookie?: string;
  token?: string;
}

export interface ApiAnswer<T = unknown> {
  res: Response;
  status: number;
  body: Envelope & { data?: T };
  /** The envelope's fields again, at the top. */
  code: number;
  msg: string;
  data: T;
  /** A refusal's errors by field ({} when none). */
  fieldErrors: Record<string, string>;
}

function headers(caller: Caller): Record<string, string> {
  return caller.token ? { authorization: `Bearer ${caller.token}` } : {};
}

async function answer<T>(res: Response): Promise<ApiAnswer<T>> {
  const body = (await envelope(res)) as Envelope & { data?: T };
  const fieldErrors = (body.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {};
  return { res, status: res.status, body, code: body.code, msg: body.msg, data: body.data as T, fieldErrors };
}

export interface ListData {
  rows: Record<string, unknown>[];
  total: number | null;
  page: number;
  pageSize: number;
  nextCursor: number | null;
}

/** The REST API of one resource (/api/<plugin>/<name>) for one caller. */
export function resourceApi(plugin: string, resource: string, caller: Caller = {}) {
  const base = `/api/${plugin}/${resource}`;
  const params = { plugin, resource };
  const opts = (extra: Parameters<typeof req>[1] = {}) => ({ cookie: caller.cookie, headers: headers(caller), ...extra });
  return {
    base,
    async list(query: Record<string, string | number> | string = {}): Promise<ApiAnswer<ListData>> {
      const qs = typeof query === 'string' ? query : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      return answer(await respond(collectionRoute.loader, req(`${base}${qs ? `?${qs}` : ''}`, opts()), params));
    },
    async create(json: Record<string, unknown>): Promise<ApiAnswer<Record<string, unknown>>> {
      return answer(await respond(collectionRoute.action, req(base, opts({ json })), params));
    },
    async removeMany(ids: number[]): Promise<ApiAnswer> {
      return answer(await respond(collectionRoute.action, req(base, opts({ method: 'DELETE', json: { ids } })), params));
    },
    async get(id: number | string): Promise<ApiAnswer<Record<string, unknown>>> {
      return answer(await respond(memberRoute.loader, req(`${base}/${id}`, opts()), { ...params, id: String(id) }));
    },
    async update(id: number | string, json: Record<string, unknown>): Promise<ApiAnswer<Record<string, unknown>>> {
      return answer(await respond(memberRoute.action, req(`${base}/${id}`, opts({ method: 'PUT', json })), { ...params, id: String(id) }));
    },
    async remove(id: number | string): Promise<ApiAnswer> {
      return answer(await respond(memberRoute.action, req(`${base}/${id}`, opts({ method: 'DELETE' })), { ...params, id: String(id) }));
    },
    async transition(name: string, ids: number[], note?: string, extra: { amount?: string } = {}): Promise<ApiAnswer<Record<string, unknown>[]>> {
      return answer(await respond(transitionRoute.action, req(`${base}/transition/${name}`, opts({ json: { ids, note, ...extra } })), { ...params, transition: name }));
    },
    /** The export's raw Response (a file on success, the envelope on refusal). */
    async exportFile(query: string): Promise<Response> {
      return respond(exportRoute.loader, req(`${base}/export?${query}`, opts()), params);
    },
  };
}

let seq = 0;
/** A short unique suffix for names within one test database. */
export const uniq = (prefix = 'x') => `${prefix}${process.pid % 1000}${Date.now() % 100000}${++seq}`;

export async function makeDept(knex: Knex, name: string, parentId: number | null = null): Promise<number> {
  const now = new Date();
  const [id] = await knex('sys_dept').insert({ name, parent_id: parentId, order_num: 0, status: '0', created_at: now, updated_at: now, version: 1 });
  return Number(id);
}

/** A role straight in the tables: its menus (ancestors included by the caller) and permissions. */
export async function makeRole(knex: Knex, r: { code?: string; name?: string; dataScope?: 'all' | 'dept' | 'self'; menus?: string[]; permissions?: string[] }): Promise<number> {
  const now = new Date();
  const code = r.code ?? uniq('R');
  const [id] = await knex('sys_role').insert({ code, name: r.name ?? `角色${code}`, data_scope: r.dataScope ?? 'all', status: '0', order_num: 50, created_at: now, updated_at: now, version: 1 });
  const roleId = Number(id);
  if (r.menus?.length) await knex('sys_role_menu').insert(r.menus.map((menu_key) => ({ role_id: roleId, menu_key })));
  if (r.permissions?.length) await knex('sys_role_permission').insert(r.permissions.map((permission_code) => ({ role_id: roleId, permission_code })));
  return roleId;
}

let hashed: Promise<string> | undefined;
/** A user straight in the tables, with the demo password (hashed once per file). */
export async function makeUser(knex: Knex, u: { username?: string; roleIds: number[]; deptId?: number | null; password?: string; userType?: number }): Promise<{ id: number; username: string }> {
  const now = new Date();
  const username = u.username ?? uniq('u');
  const hash = u.password ? await hashPassword(u.password) : await (hashed ??= hashPassword(process.env.DEMO_PASSWORD || 'Demo@12345'));
  const [id] = await knex('sys_user').insert({
    username,
    nickname: `测试${username}`.slice(0, 64),
    password_hash: hash,
    user_type: u.userType ?? 3,
    status: '0',
    dept_id: u.deptId ?? null,
    created_at: now,
    updated_at: now,
    version: 1,
  });
  const userId = Number(id);
  if (u.roleIds.length) await knex('sys_user_role').insert(u.roleIds.map((role_id) => ({ user_id: userId, role_id })));
  return { id: userId, username };
}

/** A fresh user holding one new role with these grants, signed in: its id, username and Cookie header. */
export async function signedInUser(knex: Knex, grants: Parameters<typeof makeRole>[1], user: Omit<Parameters<typeof makeUser>[1], 'roleIds'> = {}) {
  const u = await makeUser(knex, { ...user, roleIds: [await makeRole(knex, grants)] });
  return { ...u, cookie: await loginAs(u.username) };
}

export async function sessionUser(knex: Knex, username: string): Promise<SessionUser> {
  const row = await knex('sys_user').where({ username }).first();
  const u = row ? await loadSessionUser(knex, Number(row.id)) : null;
  if (!u) throw new Error(`no user ${username}`);
  return u;
}

/** The menus of the system plugin's user screen, with their ancestors. */
export const USER_MENUS = ['management', 'management.user'];

/** Audit rows of one record, oldest first, with the changes parsed. */
export async function auditOf(knex: Knex, resource: string, recordId: number | string) {
  const rows: { action: string; username: string | null; summary: string | null; changes: string; ip: string | null }[] = await knex('sys_audit_log')
    .where({ resource, record_id: String(recordId) })
    .orderBy('id');
  return rows.map((r) => ({ ...r, raw: r.changes, changes: JSON.parse(r.changes || '{}') as Record<string, [unknown, unknown]> }));
}

/** The file's database (system plugin) with one scratch table, for a resource declared by the test; the admin acts (filled in beforeAll). */
export function setUpScratchTable(table: string, columns: (tb: Knex.CreateTableBuilder) => void): { db: Suite; actor: Actor } {
  const db = setUpTestDb({ plugins: [system] });
  const actor: Actor = { user: undefined as unknown as SessionUser, ip: null };
  beforeAll(async () => {
    await db.knex.schema.createTable(table, (tb) => {
      tb.increments('id');
      columns(tb);
    });
    actor.user = await sessionUser(db.knex, 'admin');
  });
  return { db, actor };
}

/** A resource on a scratch table: the system plugin's texts and menu, permission x to list, create and update. */
export const scratchResource = (def: Pick<ResourceDef, 'name' | 'table' | 'fields' | 'schema'> & Partial<ResourceDef>): ResourceDef =>
  defineResource({ plugin: 'system', titleKey: 'system:refCode.title', menu: 'management', permissions: { list: 'x', create: 'x', update: 'x' }, ...def });

/** A case of itRefusesEach: the test's name, the body sent and the field errors it gets (exact: these and no others). */
export interface Refusal {
  name: string;
  body: Record<string, unknown>;
  errors: Record<string, string>;
  exact?: boolean;
}

/** One test per case, named by it: `create(body)` is refused with these field errors. */
export function itRefusesEach(create: (body: Record<string, unknown>) => Promise<{ fieldErrors: Record<string, string> }>, cases: Refusal[]): void {
  for (const { name, body, errors, exact } of cases) {
    it(name, async () => {
      const { fieldErrors } = await create(body);
      if (exact) expect(fieldErrors).toEqual(errors);
      else expect(fieldErrors).toMatchObject(errors);
    });
  }
}
