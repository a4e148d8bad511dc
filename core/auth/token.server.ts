// Partner API tokens: created by an administrator, scoped to one role, revocable. The
// token is shown once; only its SHA-256 is stored. Requests send `Authorization: Bearer …`.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { toDate } from '../db/knex.server';
import { ADMIN_ROLE_NAME } from '../seed-demo.server';
import { grantsOf } from '../rbac/access.server';
import type { SessionUser } from '../rbac/menu';

const PREFIX = 'ptk_';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new token and the columns that keep it: its SHA-256 and the prefix the list shows (the token itself is never stored). */
export function newApiToken(): { token: string; columns: { token_hash: string; prefix: string } } {
  const token = PREFIX + crypto.randomBytes(24).toString('base64url');
  return { token, columns: { token_hash: hashToken(token), prefix: token.slice(0, 12) } };
}

export async function createApiToken(knex: Knex, input: { name: string; roleId: number; createdBy: number; expiresAt?: Date | null }): Promise<{ id: number; token: string }> {
  const { token, columns } = newApiToken();
  const [id] = await knex('sys_api_token').insert({
    name: input.name,
    ...columns,
    role_id: input.roleId,
    created_by: input.createdBy,
    created_at: new Date(),
    expires_at: input.expiresAt ?? null,
  });
  return { id: Number(id), token };
}

export async function revokeApiToken(knex: Knex, id: number): Promise<boolean> {
  return (await knex('sys_api_token').where({ id }).whereNull('revoked_at').update({ revoked_at: new Date() })) > 0;
}

/** The identity a bearer token acts as: its role's menus, permissions and data scope. */
export async function userForToken(knex: Knex, token: string): Promise<SessionUser | null> {
  if (!token.startsWith(PREFIX)) return null;
  const row = await knex('sys_api_token as t')
    .join('sys_role as r', 'r.id', 't.role_id')
    .where('t.token_hash', hashToken(token))
    .whereNull('t.revoked_at')
    .andWhere('r.status', '0')
    .select('t.id', 't.name', 't.expires_at', 't.created_by', 't.last_used_at', 'r.id as role_id', 'r.code', 'r.name as role_name', 'r.data_scope')
    .first();
  if (!row) return null;
  const expires = toDate(row.expires_at);
  if (expires && expires.getTime() <= Date.now()) return null;
  const last = toDate(row.last_used_at);
  if (!last || Date.now() - last.getTime() > 60_000) await knex('sys_api_token').where({ id: row.id }).update({ last_used_at: new Date() });
  const isAdmin = row.role_name === ADMIN_ROLE_NAME;
  const { menuList, permissionList } = await grantsOf(knex, [row.role_id], isAdmin);
  return {
    // A token is nobody's user account: id 0 owns no rows, so a `self`-scope token sees
    // only what its role's scope allows and never the issuer's own records. Its writes are
    // audited under the token's name.
    id: 0,
    username: `token:${row.name}`.slice(0, 64),
    nickname: row.name,
    mobile: null,
    email: null,
    userType: 0,
    portArea: null,
    companyId: null,
    companyName: null,
    userStatus: '0',
    roles: [{ roleName: row.role_name, roleCode: row.code }],
    isAdmin,
    deptId: null,
    dataScope: isAdmin ? 'all' : row.data_scope === 'all' || row.data_scope === 'dept' ? row.data_scope : 'self',
    menuList,
    permissionList,
  };
}
