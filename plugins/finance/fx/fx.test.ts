// FX settlement / remittance applications through the REST API on a fresh seeded MariaDB:
// every transition by its actor (applicant, platform, bank), the refusals (wrong state with
// its message, missing permission 403, reviewing one's own application), correcting and
// resubmitting a failed application, the SPEC §5 postscript limit, the required permit
// certificate, the SWIFT format, and who sees which application.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadRoot } from '../../../core/files/files.server';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, signedInUser } from '../../../tests/support/resource';
import { loginAs } from '../../../tests/support/session';
import system from '../../system';
import { FX_PERMISSIONS } from './fx';
import { fxOnlyFinance, fxPayload } from './testing';
import { upload } from '../../../tests/support/files';

const db = setUpTestDb({ plugins: [system, fxOnlyFinance], dataDir: true, logins: ['trader', 'broker', 'operator', 'bank', 'admin'] });
const { cookies } = db;
const api = (who: string) => resourceApi('finance', 'fxApplication', { cookie: cookies[who] });

beforeAll(async () => {
  // A platform reviewer who also applies: may not review their own application.
  cookies.both = (await signedInUser(db.knex, { menus: ['expense', 'expense.fxSettlement'], permissions: Object.values(FX_PERMISSIONS) }, { userType: 3 })).cookie;
});

async function permit(who = 'trader'): Promise<number> {
  const up = await upload(cookies[who], 'finance.fxApplication', '许可证.pdf');
  expect(up.body.code, up.body.msg).toBe(200);
  return Number((up.body.data as { id: number }).id);
}

async function draft(who = 'trader', over: Record<string, unknown> = {}) {
  const res = await api(who).create(fxPayload(await permit(who), over));
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data!;
}

async function statusOf(id: unknown) {
  return (await db.knex('fin_fx_application').where({ id }).first()).status;
}

describe('the demo bank', () => {
  it('has role BANK (银行) and the login bank of 中国银行瑞丽分行 with the bank center menu', async () => {
    const role = await db.knex('sys_role').where({ code: 'BANK' }).first();
    expect(role.name).toBe('银行');
    const user = await db.knex('sys_user').where({ username: 'bank' }).first();
    expect(user.company_name).toBe('中国银行瑞丽分行');
    expect(Number(user.user_type)).toBe(3);
    const menus = (await db.knex('sys_role_menu').where({ role_id: role.id })).map((r: { menu_key: string }) => r.menu_key);
    expect(menus).toEqual(expect.arrayContaining(['bankCenter', 'bankCenter.remittanceReview']));
  });
});

describe('filling in an application', () => {
  it('creates an unsettled application with a number, the applicant and the permit attached', async () => {
    const a = await draft();
    expect(a.status).toBe('unsettled');
    expect(String(a.appNo)).toMatch(/^FX\d{8}\d{6}$/);
    expect(a.amount).toBe('25000.50');
    expect(a.permitFile).toEqual(expect.objectContaining({ name: '许可证.pdf' }));
    expect((await db.knex('sys_file').where({ id: a.permitFileId }).first()).record_id).toBe(a.id);
  });

  it('requires the permit certificate', async () => {
    const res = await api('trader').create(fxPayload(null));
    expect(res.fieldErrors.permitFileId).toBe('请上传许可证明文件');
  });

  it('refuses a permit certificate uploaded by someone else', async () => {
    const res = await api('trader').create(fxPayload(await permit('broker')));
    expect(res.fieldErrors.permitFileId).toBe('请上传许可证明文件');
  });

  it('keeps the postscript to 140 characters (SPEC §5)', async () => {
    expect((await api('trader').create(fxPayload(await permit(), { postscript: '附'.repeat(140) }))).body.code).toBe(200);
    const long = await api('trader').create(fxPayload(await permit(), { postscript: '附'.repeat(141) }));
    expect(long.fieldErrors.postscript).toBe('汇款附言不能超过140个字符');
  });

  it('checks the SWIFT code format (8 or 11 characters)', async () => {
    expect((await api('trader').create(fxPayload(await permit(), { swiftCode: 'bkchcnbj110' }))).body.data!.swiftCode).toBe('BKCHCNBJ110');
    for (const bad of ['BKCH12BJ', 'KBZBMMM', 'KBZBMMMY1']) {
      const res = await api('trader').create(fxPayload(await permit(), { swiftCode: bad }));
      expect(res.fieldErrors.swiftCode, bad).toBe('SWIFT代码格式不正确（8或11位字母数字）');
    }
  });

  it('wants a positive amount with at most two decimals and a known currency and method', async () => {
    const zero = await api('trader').create(fxPayload(await permit(), { amount: '0' }));
    expect(zero.fieldErrors.amount).toBeTruthy();
    const scale = await api('trader').create(fxPayload(await permit(), { amount: '1.005' }));
    expect(scale.fieldErrors.amount).toBeTruthy();
    const cur = await api('trader').create(fxPayload(await permit(), { currency: 'JPY', payMethod: 'XX' }));
    expect(Object.keys(cur.fieldErrors)).toEqual(expect.arrayContaining(['currency', 'payMethod']));
  });
});

describe('the review flow (SPEC §4)', () => {
  it('goes unsettled → submitted → platform passed → bank passed → settled, each by its actor', async () => {
    const id = Number((await draft()).id);
    expect((await api('trader').transition('submit', [id])).body.code).toBe(200);
    expect(await statusOf(id)).toBe('submitted');
    expect((await api('operator').transition('platformPass', [id], '资料齐全')).body.code).toBe(200);
    expect(await statusOf(id)).toBe('platformPassed');
    expect((await db.knex('fin_fx_application').where({ id }).first()).platform_audit_desc).toBe('资料齐全');
    expect((await api('bank').transition('bankPass', [id])).body.code).toBe(200);
    expect(await statusOf(id)).toBe('bankPassed');
    expect((await api('bank').transition('settle', [id])).body.code).toBe(200);
    const row = await db.knex('fin_fx_application').where({ id }).first();
    expect(row.status).toBe('settled');
    expect(row.settled_at).toBeTruthy();
  });

  it('a platform failure needs a reason; the applicant corrects and resubmits', async () => {
    const id = Number((await draft()).id);
    await api('trader').transition('submit', [id]);
    const noReason = await api('operator').transition('platformFail', [id], '  ');
    expect(noReason.fieldErrors.platformAuditDesc).toBe('平台审核说明不能为空');
    expect((await api('operator').transition('platformFail', [id], '受益人账号有误')).body.code).toBe(200);
    expect(await statusOf(id)).toBe('platformFailed');
    const got = (await api('trader').get(id)).body.data!;
    expect(got.platformAuditDesc).toBe('受益人账号有误');
    const fixed = await api('trader').update(id, { ...fxPayload(Number(got.permitFileId), { beneficiaryAccount: '0012300456790' }), version: got.version });
    expect(fixed.body.code, fixed.body.msg).toBe(200);
    expect((await api('trader').transition('resubmit', [id])).body.code).toBe(200);
    expect(await statusOf(id)).toBe('submitted');
  });

  it('a bank failure needs a reason; the applicant corrects and resubmits to the platform', async () => {
    const id = Number((await draft()).id);
    await api('trader').transition('submit', [id]);
    await api('operator').transition('platformPass', [id]);
    const noReason = await api('bank').transition('bankFail', [id]);
    expect(noReason.fieldErrors.bankAuditDesc).toBe('银行审核说明不能为空');
    expect((await api('bank').transition('bankFail', [id], '缺少贸易合同')).body.code).toBe(200);
    expect(await statusOf(id)).toBe('bankFailed');
    const got = (await api('trader').get(id)).body.data!;
    expect(got.bankAuditDesc).toBe('缺少贸易合同');
    expect((await api('trader').update(id, { ...fxPayload(Number(got.permitFileId), { contractNo: 'HT2026-002' }), version: got.version })).body.code).toBe(200);
    expect((await api('trader').transition('resubmit', [id])).body.code).toBe(200);
    expect(await statusOf(id)).toBe('submitted');
  });

  it('refuses transitions from the wrong state with their messages', async () => {
    const id = Number((await draft()).id);
    expect((await api('operator').transition('platformPass', [id])).body.msg).toBe('当前申请状态无法进行此操作');
    expect((await api('trader').transition('resubmit', [id])).body.msg).toBe('只有审核不通过的申请才能重新提交');
    await api('trader').transition('submit', [id]);
    expect((await api('trader').transition('submit', [id])).body.msg).toBe('包含已提交的数据，无法提交');
    expect((await api('admin').transition('settle', [id])).body.msg).toBe('只有银行审核通过待结汇的申请才能确认结汇');
    await api('operator').transition('platformPass', [id]);
    expect((await api('operator').transition('platformFail', [id], '晚了')).body.msg).toBe('当前申请状态无法进行此操作');
  });

  it('refuses editing a submitted application and deleting anything but an unsettled one', async () => {
    const a = await draft();
    const id = Number(a.id);
    await api('trader').transition('submit', [id]);
    const edit = await api('trader').update(id, { ...fxPayload(Number(a.permitFileId)), version: Number(a.version) + 1 });
    expect(edit.body.msg).toBe('已提交，无法编辑');
    expect((await api('trader').remove(id)).body.msg).toBe('只有未结汇状态才能删除');
    const other = await draft();
    expect((await api('trader').remove(Number(other.id))).body.code).toBe(200);
  });

  it('refuses each transition to a user without its permission (403)', async () => {
    const id = Number((await draft()).id);
    expect((await api('trader').transition('platformPass', [id])).status).toBe(403);
    expect((await api('bank').transition('platformPass', [id])).status).toBe(403);
    expect((await api('operator').transition('submit', [id])).status).toBe(403);
    await api('trader').transition('submit', [id]);
    await api('operator').transition('platformPass', [id]);
    expect((await api('operator').transition('bankPass', [id])).status).toBe(403);
    expect((await api('trader').transition('bankFail', [id], 'x')).status).toBe(403);
    expect((await api('operator').transition('settle', [id])).status).toBe(403);
  });

  it('an applicant cannot review their own application', async () => {
    const id = Number((await draft('both')).id);
    expect((await api('both').transition('submit', [id])).body.code).toBe(200);
    const own = await api('both').transition('platformPass', [id]);
    expect(own.body.msg).toBe('不能审核自己提交的申请');
    expect(await statusOf(id)).toBe('submitted');
  });

  it('only the applicant submits their application', async () => {
    const a = await draft();
    const res = await api('admin').transition('submit', [Number(a.id)]);
    expect(res.body.msg).toBe('只有申请人才能提交');
  });
});

describe('who sees which application', () => {
  it('applicants see only their own; the platform all; the bank what reached it', async () => {
    const mine = await draft('trader');
    const theirs = await draft('broker');
    const traderIds = (await api('trader').list({ pageSize: 100 })).body.data!.rows.map((r) => r.id);
    expect(traderIds).toContain(mine.id);
    expect(traderIds).not.toContain(theirs.id);
    expect((await api('trader').get(Number(theirs.id))).status).toBe(404);
    const platformIds = (await api('operator').list({ pageSize: 100 })).body.data!.rows.map((r) => r.id);
    expect(platformIds).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await api('bank').list({ pageSize: 100 })).body.data!.rows.map((r) => r.id)).not.toContain(mine.id);
    await api('trader').transition('submit', [Number(mine.id)]);
    await api('operator').transition('platformPass', [Number(mine.id)]);
    expect((await api('bank').list({ pageSize: 100 })).body.data!.rows.map((r) => r.id)).toContain(mine.id);
  });
});

describe('demo data', () => {
  it('a fresh installation holds the trader’s draft, submitted and platform-passed applications; the bank sees the last with its permit PDF', async () => {
    // Seeded before any test ran: the first three.
    const demo = await db.knex('fin_fx_application').orderBy('id').limit(3);
    expect(demo.map((a) => a.status)).toEqual(['unsettled', 'submitted', 'platformPassed']);
    const forBank = (await api('bank').list({ pageSize: 100 })).body.data!.rows.find((r) => Number(r.id) === Number(demo[2].id))!;
    expect(forBank).toMatchObject({ status: 'platformPassed', amount: '18600.00' });
    expect((forBank.permitFile as { name: string }).name).toMatch(/^FX\d{14}-permit\.pdf$/);
    const file = await db.knex('sys_file').where({ id: demo[2].permit_file_id }).first();
    expect(file).toMatchObject({ resource: 'finance.fxApplication', record_id: demo[2].id, ext: 'pdf' });
    const bytes = fs.readFileSync(path.join(uploadRoot(), file.path));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('and the trader’s cross-border RMB statement with its two declarations, read back through the API', async () => {
    const rmb = resourceApi('finance', 'rmbStatement', { cookie: await loginAs('trader') });
    const first = (await db.knex('fin_rmb_statement').orderBy('id').first())!;
    const got = (await rmb.get(Number(first.id))).body.data!;
    expect(got).toMatchObject({ payerName: 'Myanmar Golden Rice Co., Ltd.', totalAmount: '100000.00', orgCode: 'D2143569X' });
    expect((got.declarations as { currency: string }[]).map((d) => d.currency)).toEqual(['RMB', 'USD']);
  });
});
