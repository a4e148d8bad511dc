// A demo partner token (seeded once) so 系统维护 → API 令牌 shows what an issued token looks
// like: issued by the administrator through createApiToken (the issue screen's service) for the
// customs brokers' role, then revoked at once. Its secret is never shown to anyone, so the row
// is an inert record (revoked rows stay listed), not a credential.
import { createApiToken, demoDataSeed, revokeApiToken } from '@core/server';

export const apiTokenDemo = demoDataSeed('api-token-demo', async (knex) => {
  const admin = await knex('sys_user').where({ username: 'admin' }).first('id');
  const role = await knex('sys_role').where({ code: 'customs_admin' }).first('id');
  if (!admin || !role) return;
  const { id } = await createApiToken(knex, { name: '瑞丽海关 EDI 回执网关（演示，已吊销）', roleId: Number(role.id), createdBy: Number(admin.id), expiresAt: null });
  await revokeApiToken(knex, id);
});
