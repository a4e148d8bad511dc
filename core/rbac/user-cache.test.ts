// The identity cache: role changes reach a signed-in user within USER_CACHE_MS, and a write
// through the resource engine makes them visible at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/support/db';

let db: TestDb;
beforeAll(async () => {
  vi.stubEnv('USER_CACHE_MS', '5000');
  vi.resetModules();
  db = await createTestDb();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await db.destroy();
});

describe('loadSessionUserCached', () => {
  it('serves the cached identity until forgotten, then reads the new grants', async () => {
    const access = await import('./access.server');
    expect(access.USER_CACHE_MS).toBe(5000);
    const op = await db.knex('sys_user').where({ username: 'operator' }).first();
    const before = await access.loadSessionUserCached(db.knex, op.id);
    expect(before?.permissionList).toContain('system:log:list');
    const ptgl = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    await db.knex('sys_role_permission').where({ role_id: ptgl.id, permission_code: 'system:log:list' }).delete();
    expect((await access.loadSessionUserCached(db.knex, op.id))?.permissionList).toContain('system:log:list');
    access.forgetSessionUsers();
    expect((await access.loadSessionUserCached(db.knex, op.id))?.permissionList).not.toContain('system:log:list');
  });
});
