// The resource engine on the system plugin's real resources (codes, users, departments) in
// MariaDB: whitelisted filters and sorts, paging totals, deferred-join deep pages, keyset
// cursors, optimistic locking, the audit trail, data scope on writes, and the streamed export.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../../plugins/system/index';
import { refCodeResource } from '../../plugins/system/resources/refCode.server';
import { userResource } from '../../plugins/system/resources/user.server';
import { deptResource } from '../../plugins/system/resources/dept.server';
import { setUpTestDb } from '../../tests/support/suite';
import { auditOf, makeDept, makeRole, makeUser, resourceApi, sessionUser, USER_MENUS, signedInUser } from '../../tests/support/resource';
import { ApiError } from '../http/envelope.server';
import { tFor } from '../i18n/i18n.server';
import type { SessionUser } from '../rbac/menu';
import type { Actor } from './define.server';
import { deleteRows, getRow, listRows, parseListQuery, transitionRows, updateRow } from './service.server';
import { refusalOf } from '../../tests/support/http';

const db = setUpTestDb({ plugins: [system], logins: ['admin'] });
const { cookies } = db;
let admin: SessionUser;
const t = tFor('zh');
const BULK = 1200;
let bulkIds: number[] = [];

const codes = () => resourceApi('system', 'refCode', { cookie: cookies.admin });
const q = (s: string) => parseListQuery(refCodeResource.def, new URLSearchParams(s));

beforeAll(async () => {
  admin = await sessionUser(db.knex, 'admin');
  // 1,200 codes of one type, inserted before any list runs (list totals are cached briefly).
  const now = new Date();
  await db.knex('sys_ref_code_type').insert({ type_code: 'BULK', name: '批量', scope: 'system', created_at: now, updated_at: now, version: 1 });
  const rows = Array.from({ length: BULK }, (_, i) => ({
    rv_domain: 'BULK',
    // seven interleaved code prefixes, so code order differs from id order
    code: `C${i % 7}-${String(i).padStart(4, '0')}`,
    name: `批量代码${i}`,
    name_en: `Bulk ${i}`,
    is_default: false,
    order_num: i,
    created_at: now,
    updated_at: now,
    version: 1,
  }));
  for (let i = 0; i < rows.length; i += 400) await db.knex('sys_ref_code').insert(rows.slice(i, i + 400));
  bulkIds = (await db.knex('sys_ref_code').where({ rv_domain: 'BULK' }).orderBy('id').pluck('id')).map(Number);
});

describe('list filters', () => {
  it('filters on declared fields: rvDomain (eq) and code (contains)', async () => {
    const { status, body } = await codes().list({ rvDomain: 'CURRENCY' });
    expect(status).toBe(200);
    expect(body.data!.total).toBe(5);
    expect(body.data!.rows.map((r) => r.code).sort()).toEqual(['EUR', 'GBP', 'MMK', 'RMB', 'USD']);
    const usd = await codes().list({ rvDomain: 'CURRENCY', code: 'us' });
    expect(usd.body.data!.rows.map((r) => r.code)).toEqual(['USD']);
  });

  it('ignores an undeclared query parameter or a field without a filter instead of failing in SQL', async () => {
    const odd = {
      rvDomain: 'CURRENCY',
      // declared but not filterable
      nameEn: 'Euro',
      highValue: 'x',
      // not declared at all, some looking like SQL
      rv_low_value: 'x',
      'code; DROP TABLE sys_ref_code; --': '1',
      "1' OR '1'='1": 'x',
      passwordHash: 'x',
    };
    const { status, body } = await codes().list(odd);
    expect(status).toBe(200);
    expect(body.data!.total).toBe(5);
    expect(Object.keys(q(new URLSearchParams(odd).toString()).filters)).toEqual(['rvDomain']);
    expect(await db.knex.schema.hasTable('sys_ref_code')).toBe(true);
  });

  it('takes a contains value literally: LIKE wildcards match themselves, quotes nothing', async () => {
    const all: string[] = await db.knex('sys_ref_code').pluck('code');
    for (const value of ['%', '_', "' OR '1'='1"]) {
      const { status, body } = await codes().list({ code: value, pageSize: 100 });
      expect(status, value).toBe(200);
      expect(body.data!.total, value).toBe(all.filter((c) => c.includes(value)).length);
      expect(body.data!.rows.every((r) => String(r.code).includes(value)), value).toBe(true);
    }
    // seeded codes such as 51_200 and JOINT_STOCK hold a literal underscore; an unescaped _ would match every code
    expect(all.filter((c) => c.includes('_')).length).toBeGreaterThan(0);
    expect(all.filter((c) => c.includes('_')).length).toBeLessThan(all.length);
  });

  it('ignores filters on virtual or password fields of users', async () => {
    const users = resourceApi('system', 'user', { cookie: cookies.admin });
    const all = (await users.list()).body.data!.total;
    const { status, body } = await users.list({ password: 'Demo@12345', roleIds: '1', password_hash: 'x' });
    expect(status).toBe(200);
    expect(body.data!.total).toBe(all);
    expect(body.data!.rows.every((r) => r.password === null || r.password === undefined)).toBe(true);
    expect(JSON.stringify(body.data!.rows)).not.toContain('argon2');
  });
});

describe('list sorting', () => {
  const defaultOrder = async (domain: string) =>
    (await db.knex('sys_ref_code').where({ rv_domain: domain }).orderBy([{ column: 'rv_domain' }, { column: 'id' }]).pluck('id')).map(Number);

  it('sorts by a sortable field, both ways, ties broken by id', async () => {
    const asc = (await codes().list({ rvDomain: 'INDUSTRY', sort: 'code:asc', pageSize: 50 })).body.data!.rows.map((r) => String(r.code));
    expect(asc).toEqual([...asc].sort());
    expect(asc).toHaveLength(19);
    const desc = (await codes().list({ rvDomain: 'INDUSTRY', sort: 'code:desc', pageSize: 50 })).body.data!.rows.map((r) => String(r.code));
    expect(desc).toEqual([...asc].reverse());
  });

  it('falls back to the default sort for a field that is not sortable or not declared', async () => {
    const expected = await defaultOrder('INDUSTRY');
    for (const sort of ['nameEn:asc', 'isDefault:desc', 'name_en:asc', 'sleep(1):asc', '(select 1):desc', 'code desc, id:asc']) {
      const { status, body } = await codes().list({ rvDomain: 'INDUSTRY', sort, pageSize: 50 });
      expect(status, sort).toBe(200);
      expect(body.data!.rows.map((r) => Number(r.id)), sort).toEqual(expected);
    }
    expect(q('sort=nameEn:asc').sort).toBeNull();
    expect(q('sort=code:sideways').sort).toEqual({ field: 'code', dir: 'desc' });
    expect(q('sort=id:asc').sort).toEqual({ field: 'id', dir: 'asc' });
  });
});

describe('paging', () => {
  it('counts the filtered rows and splits them into pages without gaps or repeats', async () => {
    const all = (await db.knex('sys_ref_code').where({ rv_domain: 'INDUSTRY' }).pluck('id')).map(Number).sort((a, b) => a - b);
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const { body } = await codes().list({ rvDomain: 'INDUSTRY', pageSize: 10, page });
      expect(body.data).toMatchObject({ total: 19, page, pageSize: 10 });
      expect(body.data!.rows).toHaveLength([10, 9, 0][page - 1]);
      seen.push(...body.data!.rows.map((r) => Number(r.id)));
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(all);
  });

  it('skips the count with total=0 and clamps odd page sizes and pages', async () => {
    expect((await codes().list({ rvDomain: 'INDUSTRY', total: 0 })).body.data!.total).toBeNull();
    expect(q('pageSize=7').pageSize).toBe(7);
    expect(q('pageSize=100').pageSize).toBe(100);
    for (const s of ['pageSize=5000', 'pageSize=-3', 'pageSize=abc', 'pageSize=2.5']) expect(q(s).pageSize, s).toBe(20);
    for (const s of ['page=0', 'page=-4', 'page=x']) expect(q(s).page, s).toBe(1);
    const big = await codes().list({ pageSize: 5000 });
    expect(big.body.data!.rows).toHaveLength(20);
  });

  it('the total includes rows written through the engine at once (the count cache is dropped on writes)', async () => {
    const before = (await codes().list({ rvDomain: 'URGENCY' })).body.data!.total!;
    const created = await codes().create({ rvDomain: 'URGENCY', code: 'PAGING', name: '分页', nameEn: 'Paging', isDefault: false });
    expect(created.status).toBe(200);
    expect((await codes().list({ rvDomain: 'URGENCY' })).body.data!.total).toBe(before + 1);
    await codes().remove(Number(created.body.data!.id));
    expect((await codes().list({ rvDomain: 'URGENCY' })).body.data!.total).toBe(before);
  });
});

describe('deep pages', () => {
  async function withSql<T>(fn: () => Promise<T>): Promise<{ out: T; sql: string[] }> {
    const sql: string[] = [];
    const listener = (e: { sql: string }) => sql.push(e.sql);
    db.knex.on('query', listener);
    try {
      return { out: await fn(), sql };
    } finally {
      db.knex.removeListener('query', listener);
    }
  }

  it('page 61 of 20 (offset 1200) comes through a deferred join and equals the same rows by plain OFFSET', async () => {
    const { out, sql } = await withSql(() => listRows(refCodeResource, admin, q('page=61&pageSize=20')));
    expect(sql.some((s) => s.includes('page_ids')), sql.join('\n')).toBe(true);
    const plain = await db.knex('sys_ref_code').orderBy([{ column: 'rv_domain', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(20).offset(1200);
    expect(out.rows).toHaveLength(20);
    expect(out.rows.map((r) => r.id)).toEqual(plain.map((r: { id: number }) => Number(r.id)));
    expect(out.rows.map((r) => r.code)).toEqual(plain.map((r: { code: string }) => r.code));
    expect(out.total).toBe(Number((await db.knex('sys_ref_code').count({ n: '*' }).first())!.n));
  });

  it('a deep page with a filter and a sort on another column matches plain OFFSET too', async () => {
    const { out, sql } = await withSql(() => listRows(refCodeResource, admin, q('rvDomain=BULK&sort=code:desc&page=55&pageSize=20')));
    expect(sql.some((s) => s.includes('page_ids'))).toBe(true);
    const plain = await db.knex('sys_ref_code').where({ rv_domain: 'BULK' }).orderBy([{ column: 'code', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(20).offset(1080);
    expect(out.rows.map((r) => r.id)).toEqual(plain.map((r: { id: number }) => Number(r.id)));
    expect(out.total).toBe(BULK);
  });

  it('shallow pages use a plain OFFSET; a page past the end is empty', async () => {
    const { sql } = await withSql(() => listRows(refCodeResource, admin, q('page=2&pageSize=20')));
    expect(sql.some((s) => s.includes('page_ids'))).toBe(false);
    const past = await listRows(refCodeResource, admin, q('rvDomain=BULK&page=999&pageSize=20'));
    expect(past.rows).toEqual([]);
    expect(past.nextCursor).toBeNull();
  });
});

describe('keyset cursor', () => {
  it('walks every row of a filtered list with `after` in id order, with no repeats and no gaps', async () => {
    const got: number[] = [];
    let after: number | null = null;
    for (let i = 0; i < 20; i++) {
      const query: Record<string, string | number> = { rvDomain: 'BULK', sort: 'id:asc', pageSize: 100, total: 0 };
      if (after) query.after = after;
      const { body } = await codes().list(query);
      got.push(...body.data!.rows.map((r) => Number(r.id)));
      after = body.data!.nextCursor;
      if (after === null) break;
      expect(after).toBe(got[got.length - 1]);
    }
    expect(after).toBeNull();
    expect(got).toEqual(bulkIds);
  });

  it('descending: the rows after the cursor have smaller ids, the same as the matching offset page', async () => {
    const first = await listRows(refCodeResource, admin, q('rvDomain=BULK&sort=id:desc&pageSize=50'));
    const byCursor = await listRows(refCodeResource, admin, q(`rvDomain=BULK&sort=id:desc&pageSize=50&after=${first.nextCursor}`));
    const byOffset = await listRows(refCodeResource, admin, q('rvDomain=BULK&sort=id:desc&pageSize=50&page=2'));
    expect(byCursor.rows.map((r) => r.id)).toEqual(byOffset.rows.map((r) => r.id));
    expect(byCursor.rows.every((r) => Number(r.id) < first.nextCursor!)).toBe(true);
  });

  it('is ignored (and not offered) when the list is sorted by another field', async () => {
    const sorted = await listRows(refCodeResource, admin, q('rvDomain=BULK&sort=code:asc&pageSize=20'));
    expect(sorted.nextCursor).toBeNull();
    const withAfter = await listRows(refCodeResource, admin, q(`rvDomain=BULK&sort=code:asc&pageSize=20&after=${bulkIds[600]}`));
    expect(withAfter.rows.map((r) => r.id)).toEqual(sorted.rows.map((r) => r.id));
  });
});

describe('optimistic locking', () => {
  it('a stale version gets 409 数据已被他人修改，请刷新后重试 and overwrites nothing', async () => {
    const created = await codes().create({ rvDomain: 'URGENCY', code: 'LOCK', name: '锁', nameEn: 'Lock', isDefault: false });
    expect(created.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = Number(created.body.data!.id);
    expect(created.body.data!.version).toBe(1);
    const first = await codes().update(id, { rvDomain: 'URGENCY', code: 'LOCK', name: '第一次', nameEn: 'First', isDefault: false, version: 1 });
    expect(first.body).toMatchObject({ code: 200, msg: '修改成功', data: { name: '第一次', version: 2 } });
    const stale = await codes().update(id, { rvDomain: 'URGENCY', code: 'LOCK', name: '第二次', nameEn: 'Second', isDefault: false, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect(await db.knex('sys_ref_code').where({ id }).first()).toMatchObject({ name: '第一次', name_en: 'First', version: 2 });
  });

  it('of two saves racing with the same version exactly one wins', async () => {
    const id = Number((await codes().create({ rvDomain: 'URGENCY', code: 'RACE', name: '竞争', nameEn: 'Race', isDefault: false })).body.data!.id);
    const save = (name: string) => codes().update(id, { rvDomain: 'URGENCY', code: 'RACE', name, nameEn: name, isDefault: false, version: 1 });
    const [a, b] = await Promise.all([save('甲'), save('乙')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? '甲' : '乙';
    expect(await db.knex('sys_ref_code').where({ id }).first()).toMatchObject({ name: winner, version: 2 });
  });

  it('an update answers the row exactly as a fresh read of it gives it (codes answer without a second read)', async () => {
    const id = Number((await codes().create({ rvDomain: 'URGENCY', code: 'ANSWER', name: '答', nameEn: 'Answer', isDefault: false, orderNum: 3 })).body.data!.id);
    const res = await codes().update(id, { rvDomain: 'URGENCY', code: 'ANSWER', name: '答复', nameEn: 'Reply', isDefault: true, highValue: '', ediCode: 'E1', orderNum: 4, version: 1 });
    expect(res.body).toMatchObject({ code: 200, data: { name: '答复', isDefault: true, highValue: null, ediCode: 'E1', orderNum: 4, version: 2 } });
    expect(res.body.data).toEqual(await getRow(refCodeResource, admin, id, t, db.knex));
    // A changed code is checked against its type again: too long for URGENCY's code length, or a type that does not exist.
    const type = await db.knex('sys_ref_code_type').where({ type_code: 'URGENCY' }).first();
    await db.knex('sys_ref_code_type').where({ id: type.id }).update({ code_length: 6 });
    const long = await codes().update(id, { rvDomain: 'URGENCY', code: 'ANSWER2', name: '答复', nameEn: 'Reply', isDefault: true, version: 2 });
    expect(long.body.data).toMatchObject({ fieldErrors: { code: expect.any(String) } });
    const unknown = await codes().update(id, { rvDomain: 'NO_SUCH_TYPE', code: 'ANSWER', name: '答复', nameEn: 'Reply', isDefault: true, version: 2 });
    expect(unknown.body.data).toMatchObject({ fieldErrors: { rvDomain: expect.any(String) } });
    await db.knex('sys_ref_code_type').where({ id: type.id }).update({ code_length: type.code_length });
    expect((await db.knex('sys_ref_code').where({ id }).first()).version).toBe(2);
  });

  it('an update answers the row exactly as a fresh read of it gives it (users, read again after their hooks)', async () => {
    const user = await makeUser(db.knex, { username: 'answer_user', roleIds: [await makeRole(db.knex, {})] });
    const before = await getRow(userResource, admin, user.id, t, db.knex);
    const res = await resourceApi('system', 'user', { cookie: cookies.admin }).update(user.id, { ...before, nickname: '新昵称', version: before.version });
    expect(res.body).toMatchObject({ code: 200, data: { nickname: '新昵称' } });
    expect(res.body.data).toEqual(await getRow(userResource, admin, user.id, t, db.knex));
  });

  it('an update without a version is refused', async () => {
    const id = bulkIds[0];
    const res = await codes().update(id, { rvDomain: 'BULK', code: 'X', name: 'x', nameEn: 'x', isDefault: false });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('缺少版本号，请刷新后重试');
    expect((await db.knex('sys_ref_code').where({ id }).first()).version).toBe(1);
  });
});

describe('audit trail', () => {
  const users = () => resourceApi('system', 'user', { cookie: cookies.admin });
  const roleId = async () => Number((await db.knex('sys_role').where({ code: 'PTGL' }).first()).id);

  it('create, update and delete each write sys_audit_log with who, where and the changed fields, never the password', async () => {
    const secret = 'Audit#Secret1';
    const created = await users().create({ username: 'audited', nickname: '审计前', password: secret, roleIds: [await roleId()], userType: '3' });
    expect(created.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = Number(created.body.data!.id);
    const version = Number(created.body.data!.version);

    const newSecret = 'Audit#Secret2';
    const updated = await users().update(id, { username: 'audited', nickname: '审计后', password: newSecret, roleIds: [await roleId()], userType: '3', version });
    expect(updated.body.code).toBe(200);
    // a change of the password alone is audited too, without the password
    const pwOnly = await users().update(id, { username: 'audited', nickname: '审计后', password: 'Audit#Secret3', roleIds: [await roleId()], userType: '3', version: version + 1 });
    expect(pwOnly.body.code).toBe(200);
    const deleted = await users().remove(id);
    expect(deleted.body).toMatchObject({ code: 200, msg: '删除成功' });

    const log = await auditOf(db.knex, 'system.user', id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(log[2].raw).not.toContain('Audit#Secret3');
    for (const l of log) {
      expect(l).toMatchObject({ username: 'admin', ip: '10.0.0.1', summary: 'audited' });
      expect(l.raw).not.toContain(secret);
      expect(l.raw).not.toContain(newSecret);
      expect(l.raw).not.toContain('argon2');
      // a password that shows up at all is masked
      if (l.changes.password) for (const side of l.changes.password) expect([null, '***']).toContain(side);
    }
    expect(log[0].changes).toMatchObject({ username: [null, 'audited'], nickname: [null, '审计前'], roleIds: [null, [String(await roleId())]] });
    // the update lists what changed and only that
    expect(log[1].changes.nickname).toEqual(['审计前', '审计后']);
    expect(Object.keys(log[1].changes).filter((k) => k !== 'password')).toEqual(['nickname']);
    expect(log[3].changes).toMatchObject({ username: ['audited', null], nickname: ['审计后', null] });
  });

  it('a state transition is audited with the state change', async () => {
    const target = await makeUser(db.knex, { roleIds: [await roleId()] });
    const res = await resourceApi('system', 'user', { cookie: cookies.admin }).transition('disable', [target.id]);
    expect(res.body).toMatchObject({ code: 200, msg: '操作成功' });
    const log = await auditOf(db.knex, 'system.user', target.id);
    expect(log.map((l) => l.action)).toEqual(['transition:disable']);
    expect(log[0].changes.status).toEqual(['0', '1']);
  });

  it('a refused write (validation, conflict) leaves no audit row', async () => {
    const before = Number((await db.knex('sys_audit_log').count({ n: '*' }).first())!.n);
    expect((await codes().create({ rvDomain: 'CURRENCY', code: 'USD', name: '重复', nameEn: 'Dup', isDefault: false })).body.msg).toBe('代码已存在');
    expect((await codes().update(bulkIds[1], { rvDomain: 'BULK', code: 'X', name: 'x', nameEn: 'x', isDefault: false, version: 99 })).status).toBe(409);
    expect(Number((await db.knex('sys_audit_log').count({ n: '*' }).first())!.n)).toBe(before);
  });
});

describe('data scope on writes', () => {
  let scoped: Actor;
  let inside: number;
  let outside: number;
  let outsideDept: number;

  beforeAll(async () => {
    const a = await makeDept(db.knex, '服务甲部');
    outsideDept = await makeDept(db.knex, '服务乙部');
    const role = await makeRole(db.knex, {
      dataScope: 'dept',
      menus: [...USER_MENUS, 'management.userGroup', 'management.dept'],
      permissions: ['system:user:list', 'system:user:edit', 'system:user:remove', 'system:dept:list', 'system:dept:edit', 'system:dept:remove'],
    });
    const me = await makeUser(db.knex, { roleIds: [role], deptId: a });
    inside = (await makeUser(db.knex, { roleIds: [role], deptId: a })).id;
    outside = (await makeUser(db.knex, { roleIds: [role], deptId: outsideDept })).id;
    scoped = { user: await sessionUser(db.knex, me.username), ip: '10.0.0.2' };
    expect(scoped.user.dataScope).toBe('dept');
  });

  const notFound = async (p: Promise<unknown>) => expect(await refusalOf(p, ApiError)).toMatchObject({ status: 404, code: 404, message: '数据不存在或无权访问' });

  it('update, delete and transition of an out-of-scope id are refused as not found, and nothing changes', async () => {
    const before = await db.knex('sys_user').where({ id: outside }).first();
    const row = await getRow(userResource, admin, outside, t);
    await notFound(getRow(userResource, scoped.user, outside, t));
    await notFound(updateRow(userResource, scoped, outside, { ...row, nickname: '越权修改', roleIds: row.roleIds, version: row.version }, t));
    await notFound(deleteRows(userResource, scoped, [outside], t));
    // one out-of-scope id among visible ones refuses the whole batch
    await notFound(deleteRows(userResource, scoped, [inside, outside], t));
    await notFound(transitionRows(userResource, scoped, [outside], 'disable', t));
    expect(await db.knex('sys_user').where({ id: outside }).first()).toEqual(before);
    expect(await db.knex('sys_user').where({ id: inside }).first()).toBeDefined();
    expect(await db.knex('sys_audit_log').where({ resource: 'system.user', record_id: String(outside) })).toEqual([]);
  });

  it('the same actor may update a user of its own department', async () => {
    const row = await getRow(userResource, scoped.user, inside, t);
    const after = await updateRow(userResource, scoped, inside, { ...row, nickname: '部门内修改', version: row.version }, t);
    expect(after.nickname).toBe('部门内修改');
  });

  it('departments are scoped by their own id: another department cannot be edited or deleted', async () => {
    const row = await getRow(deptResource, admin, outsideDept, t);
    await notFound(updateRow(deptResource, scoped, outsideDept, { ...row, name: '越权', version: row.version }, t));
    await notFound(deleteRows(deptResource, scoped, [outsideDept], t));
    expect(await db.knex('sys_dept').where({ id: outsideDept }).first()).toMatchObject({ name: '服务乙部', version: 1 });
  });
});

describe('export', () => {
  const HEADERS_ZH = ['代码类型', '代码', '中文解释', '英文解释', '默认', '高值', 'EDI标准代码', '排序'];

  async function csv(query: string) {
    const res = await codes().exportFile(query);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="refCode-\d{8}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return { bytes, text, lines: text.slice(1).trimEnd().split('\r\n') };
  }

  it('CSV: UTF-8 with a BOM, Chinese headers by default, one line per row of the filtered list', async () => {
    const { bytes, lines } = await csv('format=csv&rvDomain=CURRENCY');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0].split(',')).toEqual(HEADERS_ZH);
    expect(lines).toHaveLength(1 + 5);
    expect(lines.slice(1).map((l) => l.split(',')[1]).sort()).toEqual(['EUR', 'GBP', 'MMK', 'RMB', 'USD']);
    // booleans in words, in the same language
    expect(lines.find((l) => l.split(',')[1] === 'RMB')).toContain(',是,');
  });

  it('CSV with ?lng=en has English headers and values; a contains filter narrows it', async () => {
    const { lines } = await csv('format=csv&rvDomain=CURRENCY&code=us&lng=en');
    expect(lines[0]).toBe('Code type,Code,Chinese explanation,English explanation,Default,High value,EDI standard code,Order');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^CURRENCY,USD,美元,US dollar,No,/);
  });

  it('XLSX opens in exceljs with the same headers and the same row count as the CSV', async () => {
    const res = await codes().exportFile('format=xlsx&rvDomain=BULK');
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('基础代码');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS_ZH);
    expect(ws.actualRowCount).toBe((await csv('format=csv&rvDomain=BULK')).lines.length);
    expect(ws.actualRowCount).toBe(BULK + 1);
  });

  it('neutralises cells that would run as spreadsheet formulas', async () => {
    await codes().create({ rvDomain: 'URGENCY', code: 'FORMULA', name: '=1+1', nameEn: '@SUM(A1)', isDefault: false });
    const { text } = await csv('format=csv&rvDomain=URGENCY&code=FORMULA');
    expect(text).toContain(",'=1+1,'@SUM(A1),");
  });

  it('needs the list permission: a user without it gets 403, no session gets 20011', async () => {
    const { cookie } = await signedInUser(db.knex, { menus: ['dataBase', 'dataBase.systemData', 'dataBase.refCodeType'], permissions: ['system:refCodeType:list'] });
    const refused = await resourceApi('system', 'refCode', { cookie }).exportFile('format=csv');
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe(403);
    const anonymous = await resourceApi('system', 'refCode').exportFile('format=csv');
    expect((await anonymous.json()).code).toBe(20011);
  });
});
