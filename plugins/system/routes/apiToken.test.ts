// Partner API tokens: issued once at /api/system/apiToken/issue, used as
// `Authorization: Bearer <token>` on /api/* with exactly their role's rights, revoked by
// DELETE /api/system/apiToken/<id> (the row stays as a record), after which they get 20011.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import system from '../index';
import { setUpTestDb } from '../../../tests/support/suite';
import { answerOf, location, req, respond, type Envelope } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { makeRole, resourceApi, signedInUser } from '../../../tests/support/resource';
import { action as issueAction } from './api.apiTokenIssue';
import { loader as refCodePageLoader } from '../../../app/screen';

const db = setUpTestDb({ plugins: [system], logins: ['admin'] });
const { cookies } = db;
let codesRole: number;

const issue = (body: Record<string, unknown>, cookie = cookies.admin) =>
  answerOf<Envelope & { data?: { id: number; token: string } }>(issueAction, req('/api/system/apiToken/issue', { cookie, json: body }));

beforeAll(async () => {
  // the partner may read and export codes, nothing else
  codesRole = await makeRole(db.knex, { code: 'PARTNER_CODES', dataScope: 'all', menus: ['dataBase', 'dataBase.systemData', 'dataBase.refCode'], permissions: ['system:refCode:list'] });
});

describe('partner API tokens', () => {
  let token: string;
  let tokenId: number;

  it('issuing returns the token once: only its hash and prefix are stored, the list never shows it', async () => {
    const { body } = await issue({ name: '合作方甲', roleId: codesRole });
    expect(body).toMatchObject({ code: 200, msg: '新增成功' });
    token = body.data!.token;
    tokenId = body.data!.id;
    expect(token).toMatch(/^ptk_[A-Za-z0-9_-]{32}$/);
    const stored = await db.knex('sys_api_token').where({ id: tokenId }).first();
    expect(stored).toMatchObject({ name: '合作方甲', role_id: codesRole, prefix: token.slice(0, 12), revoked_at: null });
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await resourceApi('system', 'apiToken', { cookie: cookies.admin }).list();
    // (The demo seed's revoked token is listed too.)
    expect(listed.body.data!.rows.filter((r) => r.id === tokenId)).toEqual([expect.objectContaining({ id: tokenId, name: '合作方甲', prefix: token.slice(0, 12), roleId: String(codesRole) })]);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(JSON.stringify(listed.body)).not.toContain(stored.token_hash);
    // issuing is audited, without the token
    const audit = await db
      .knex('sys_audit_log')
      .where({ resource: 'system.apiToken', record_id: String(tokenId) })
      .first();
    expect(audit).toMatchObject({ action: 'create', username: 'admin' });
    expect(audit.changes).not.toContain(token);
  });

  it('a Bearer request may list and export what the token’s role may list', async () => {
    const codes = resourceApi('system', 'refCode', { token });
    const { status, body } = await codes.list({ rvDomain: 'CURRENCY' });
    expect(status).toBe(200);
    expect(body.data!.total).toBe(5);
    const file = await codes.exportFile('format=csv&rvDomain=CURRENCY');
    expect(file.status).toBe(200);
    expect((await file.text()).split('\r\n')[0]).toBe('代码类型,代码,中文解释,英文解释,默认,高值,EDI标准代码,排序');
    expect((await db.knex('sys_api_token').where({ id: tokenId }).first()).last_used_at).not.toBeNull();
  });

  it('and is refused (403) for what it may not: other resources, writes', async () => {
    for (const [plugin, name] of [
      ['system', 'user'],
      ['system', 'role'],
      ['system', 'apiToken'],
      ['system', 'refCodeType'],
    ]) {
      const res = await resourceApi(plugin, name, { token }).list();
      expect(res.status, name).toBe(403);
      expect(res.body.code, name).toBe(403);
    }
    const write = await resourceApi('system', 'refCode', { token }).create({ rvDomain: 'URGENCY', code: 'TOKEN', name: '令牌', nameEn: 'Token', isDefault: false });
    expect(write.status).toBe(403);
    expect(await db.knex('sys_ref_code').where({ code: 'TOKEN' }).first()).toBeUndefined();
    // a token cannot issue tokens either
    expect((await respond(issueAction, req('/api/system/apiToken/issue', { headers: { authorization: `Bearer ${token}` }, json: { name: 'x', roleId: codesRole } }))).status).toBe(403);
  });

  it('works on /api only: a screen with a Bearer header but no session goes to /login', async () => {
    const res = await respond(refCodePageLoader, req('/dataBase/systemData/refCode', { headers: { authorization: `Bearer ${token}` } }));
    expect(location(res)).toBe('/login');
  });

  it('an unknown or malformed token gets 20011', async () => {
    for (const bad of [`${token}x`, 'ptk_nope', 'not-a-token', '']) {
      const res = await resourceApi('system', 'refCode', { token: bad }).list();
      expect(res.status, bad).toBe(401);
      expect(res.body.code, bad).toBe(20011);
    }
  });

  it('after DELETE /api/system/apiToken/<id> (revoke) the token gets 20011; the row stays as a record', async () => {
    const res = await resourceApi('system', 'apiToken', { cookie: cookies.admin }).remove(tokenId);
    expect(res.body).toMatchObject({ code: 200, msg: '删除成功' });
    const row = await db.knex('sys_api_token').where({ id: tokenId }).first();
    expect(row).toBeDefined();
    expect(row.revoked_at).not.toBeNull();
    expect(await resourceApi('system', 'refCode', { token }).list()).toMatchObject({ status: 401, body: { code: 20011 } });
    expect((await resourceApi('system', 'apiToken', { cookie: cookies.admin }).list()).body.data!.rows[0].revokedAt).not.toBeNull();
  });

  it('an expired token gets 20011; disabling its role stops it too', async () => {
    const yesterday = new Date(Date.now() - 2 * 86400_000).toISOString().slice(0, 10);
    const expired = (await issue({ name: '过期', roleId: codesRole, expiresAt: yesterday })).body.data!.token;
    expect((await resourceApi('system', 'refCode', { token: expired }).list()).body.code).toBe(20011);
    const live = (await issue({ name: '角色停用', roleId: codesRole })).body.data!.token;
    expect((await resourceApi('system', 'refCode', { token: live }).list()).status).toBe(200);
    await db.knex('sys_role').where({ id: codesRole }).update({ status: '1' });
    onTestFinished(() => db.knex('sys_role').where({ id: codesRole }).update({ status: '0' }));
    expect((await resourceApi('system', 'refCode', { token: live }).list()).body.code).toBe(20011);
  });

  it('issuing needs system:apiToken:add, a valid role, and the administrator for a 管理员 token', async () => {
    expect((await issue({ name: 'x', roleId: codesRole }, await loginAs('operator'))).status).toBe(403);
    expect((await issue({ name: '', roleId: codesRole })).body.msg).toBe('名称不能为空');
    expect((await issue({ name: '无角色', roleId: 987654 })).body.msg).toBe('授权角色格式不正确');
    const grants = { menus: ['management', 'management.systemMaintenance', 'management.apiToken'], permissions: ['system:apiToken:list', 'system:apiToken:add'] };
    const { cookie: issuer } = await signedInUser(db.knex, grants);
    const adminRole = Number((await db.knex('sys_role').where({ code: 'admin' }).first()).id);
    const refused = await issue({ name: '管理员令牌', roleId: adminRole }, issuer);
    expect(refused.status).toBe(403);
    expect(await db.knex('sys_api_token').where({ name: '管理员令牌' }).first()).toBeUndefined();
    expect((await issue({ name: '普通令牌', roleId: codesRole }, issuer)).body.code).toBe(200);
  });

  it('POST /api/system/apiToken (the documented create) issues a token the same way: the row, and the token once in the answer', async () => {
    const tokens = resourceApi('system', 'apiToken', { cookie: cookies.admin });
    const created = await tokens.create({ name: '合作方乙', roleId: codesRole, expiresAt: '2099-12-31' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 200, data: { name: '合作方乙', roleId: String(codesRole), revokedAt: null } });
    const fresh = String(created.data.token);
    expect(fresh).toMatch(/^ptk_[A-Za-z0-9_-]{32}$/);
    expect(created.data.prefix).toBe(fresh.slice(0, 12));
    const stored = await db.knex('sys_api_token').where({ id: created.data.id }).first();
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(fresh).digest('hex'));
    expect(new Date(stored.expires_at).toISOString()).toBe('2099-12-31T23:59:59.000Z');
    expect((await resourceApi('system', 'refCode', { token: fresh }).list()).status).toBe(200);
    // Shown once: neither a read nor the audit log has it.
    expect(JSON.stringify((await tokens.get(Number(created.data.id))).body)).not.toContain(fresh);
    const audit = await db.knex('sys_audit_log').where({ resource: 'system.apiToken', record_id: String(created.data.id) }).first();
    expect(audit.changes).not.toContain(fresh);
    // The same refusals as the issue route.
    const { cookie: issuer } = await signedInUser(db.knex, { menus: ['management', 'management.systemMaintenance', 'management.apiToken'], permissions: ['system:apiToken:list', 'system:apiToken:add'] });
    const adminRole = Number((await db.knex('sys_role').where({ code: 'admin' }).first()).id);
    expect((await resourceApi('system', 'apiToken', { cookie: issuer }).create({ name: '管理员令牌乙', roleId: adminRole })).status).toBe(403);
    expect((await tokens.create({ name: '无角色乙', roleId: 987654 })).fieldErrors).toEqual({ roleId: '授权角色格式不正确' });
    expect(await db.knex('sys_api_token').whereIn('name', ['管理员令牌乙', '无角色乙']).first()).toBeUndefined();
  });
});
