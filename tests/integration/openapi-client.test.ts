// The generated typed client (clients/typescript) used as a partner would: a Bearer API token,
// through the app's real route table on a fresh seeded database: list departments, create one,
// update it with its version, and read the typed error of a stale update.
import { beforeAll, describe, expect, it } from 'vitest';
import { portClient } from '../../clients/typescript';
import { createApiToken } from '../../core/auth/token.server';
import { setUpTestDb } from '../support/suite';
import { BASE } from '../support/http';
import { makeRole, uniq } from '../support/resource';
import { createRouter, type Router } from '../support/router';

const db = setUpTestDb();
let router: Router;
let token: string;

beforeAll(async () => {
  router = createRouter();
  const roleId = await makeRole(db.knex, { permissions: ['system:dept:list', 'system:dept:add', 'system:dept:edit'], menus: ['management', 'management.dept'] });
  const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
  ({ token } = await createApiToken(db.knex, { name: uniq('partner'), roleId, createdBy: Number(admin.id) }));
});

describe('the typed client', () => {
  it('signs in with a token, lists, creates, updates with the version and reads a typed error', async () => {
    const api = portClient({ baseUrl: BASE, token, fetch: (request) => router.handle(request) });

    const list = await api.GET('/api/system/dept', { params: { query: { pageSize: 10 } } });
    expect(list.response.status).toBe(200);
    const rows = list.data!.data.rows;
    expect(rows.length).toBeGreaterThan(0);
    // parentId is typed (and answered) as an integer or null.
    const parentId: number | null = rows[0].parentId;
    expect(parentId === null || Number.isInteger(parentId)).toBe(true);

    const name = uniq('合作方部门');
    const created = await api.POST('/api/system/dept', { body: { name, parentId: rows[0].id, orderNum: 5, status: '0' } });
    expect(created.response.status).toBe(200);
    const dept = created.data!.data;
    expect(dept.name).toBe(name);
    expect(dept.version).toBe(1);

    const updated = await api.PUT('/api/system/dept/{id}', { params: { path: { id: dept.id } }, body: { name: `${name}2`, parentId: dept.parentId, orderNum: 6, status: '0', version: dept.version } });
    expect(updated.response.status).toBe(200);
    expect(updated.data!.data.version).toBe(2);
    expect(updated.data!.data.orderNum).toBe(6);

    // The same version again is stale: the documented 409 error envelope, typed.
    const stale = await api.PUT('/api/system/dept/{id}', { params: { path: { id: dept.id } }, body: { name: `${name}3`, parentId: dept.parentId, orderNum: 7, status: '0', version: dept.version } });
    expect(stale.response.status).toBe(409);
    expect(stale.data).toBeUndefined();
    const code: number = stale.error!.code;
    expect(code).toBe(500);
    expect(stale.error!.msg).toBeTruthy();
  });
});
