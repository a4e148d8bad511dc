// The identity cache: a change made outside the app reaches a signed-in user within
// USER_CACHE_MS, and forgetting (what every write to users, roles, grants and menus does) makes
// it visible at once. Across processes: core/cache/invalidation.server.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpTestDb } from '../../tests/support/suite';

const db = setUpTestDb();
beforeAll(() => {
  vi.stubEnv('USER_CACHE_MS', '5000');
  vi.resetModules();
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('loadSessionUserCached', () => {
  it('serves the cached identity until forgotten, then reads the new grants', async () => {
    const access = await import('./access.server');
    const { getInvalidator } = await import('../cache/invalidation.server');
    expect(access.USER_CACHE_MS).toBe(5000);
    const op = await db.knex('sys_user').where({ username: 'operator' }).first();
    // Entries are kept once this process hears invalidations (the first version poll).
    await access.loadSessionUserCached(db.knex, op.id);
    await getInvalidator().ready();
    const before = await access.loadSessionUserCached(db.knex, op.id);
    expect(before?.permissionList).toContain('system:log:list');
    const ptgl = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    await db.knex('sys_role_permission').where({ role_id: ptgl.id, permission_code: 'system:log:list' }).delete();
    expect((await access.loadSessionUserCached(db.knex, op.id))?.permissionList).toContain('system:log:list');
    await access.forgetSessionUsers();
    expect((await access.loadSessionUserCached(db.knex, op.id))?.permissionList).not.toContain('system:log:list');
  });
});
