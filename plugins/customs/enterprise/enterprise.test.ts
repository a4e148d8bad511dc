// The enterprise through its REST API (/api/customs/enterprise) on a fresh seeded MariaDB:
// the audit state machine (SPEC §4), the validation rules of SPEC §5 "Enterprise" with their
// messages, qualification files checked by content, and each user kept to their own enterprise.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { BASE } from '../../../tests/support/http';
import { resourceApi } from '../../../tests/support/resource';
import { loginAs } from '../../../tests/support/session';
import { PDF, upload } from '../../../tests/support/files';
import system from '../../system';
import customs from '..';
import { account, enterprisePayload, freshCreditCode } from './testing';
import { approvedEnterpriseOfUser, enterpriseOfUser, ENTERPRISE_AUDIT } from './enterprise.server';
import { withIdCheck } from '@core/shared';

const db = setUpTestDb({ plugins: [system, customs], dataDir: true, logins: ['operator'] });
const { cookies } = db;

type Body = Record<string, unknown>;
const api = (cookie: string) => resourceApi('customs', 'enterprise', { cookie });

const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('xl/workbook.xml')]);

describe('the enterprise audit flow (SPEC §4)', () => {
  let owner: Awaited<ReturnType<typeof account>>;
  let id: number;
  const status = async () => String((await db.knex('cus_enterprise').where({ id }).first()).audit_status);

  beforeAll(async () => {
    owner = await account(db.knex, 4);
  });

  it('registers the enterprise of the session user as not submitted, whatever the input says', async () => {
    const res = await api(owner.cookie).create(enterprisePayload({ userId: 1, accountType: 6, auditStatus: '3' }));
    expect(res.status).toBe(200);
    id = Number(res.body.data!.id);
    const row = await db.knex('cus_enterprise').where({ id }).first();
    expect(row).toMatchObject({ user_id: owner.id, account_type: 4, audit_status: '0' });
    expect(res.body.data).toMatchObject({ loginAccount: owner.username, auditStatus: '0', banks: [expect.objectContaining({ bankCountry: 'CN' })] });
  });

  it('refuses a second enterprise for the same account', async () => {
    expect(await api(owner.cookie).create(enterprisePayload())).toMatchObject({ status: 400, body: { msg: '该账号已登记企业信息，请直接修改' } });
  });

  it('refuses approval of an enterprise that was not submitted, with the catalogue message', async () => {
    expect(await api(cookies.operator).transition('approve', [id])).toMatchObject({ status: 400, body: { msg: '当前状态无法执行该操作' } });
    expect(await status()).toBe('0');
  });

  it('submits: not submitted → submitted for review', async () => {
    const res = await api(owner.cookie).transition('submit', [id]);
    expect(res.status).toBe(200);
    expect(await status()).toBe(ENTERPRISE_AUDIT.submitted);
  });

  it('refuses to submit twice and to edit while under review', async () => {
    expect((await api(owner.cookie).transition('submit', [id])).body.msg).toBe('当前状态无法执行该操作');
    const row = await db.knex('cus_enterprise').where({ id }).first();
    expect(await api(owner.cookie).update(id, { ...enterprisePayload({ creditCode: row.credit_code }), version: row.version })).toMatchObject({ status: 400, body: { msg: '已提交审核，无法编辑' } });
  });

  it('lets only the cookies.operator review: the owner gets 403', async () => {
    const res = await api(owner.cookie).transition('approve', [id]);
    expect(res.status).toBe(403);
    expect(await status()).toBe('1');
  });

  it('fails only with a reason, and stores it', async () => {
    expect(await api(cookies.operator).transition('fail', [id], '  ')).toMatchObject({ status: 400, body: { msg: '审核不通过原因不能为空' } });
    const long = await api(cookies.operator).transition('fail', [id], 'x'.repeat(501));
    expect(long.body.msg).toBe('审核不通过原因长度不能超过500个字符');
    const res = await api(cookies.operator).transition('fail', [id], '营业执照不清晰');
    expect(res.status).toBe(200);
    const row = await db.knex('cus_enterprise').where({ id }).first();
    expect(row).toMatchObject({ audit_status: '2', audit_opinion: '营业执照不清晰', audit_by: 'operator' });
  });

  it('submits again after failing: failed → submitted, and the cookies.operator approves: submitted → approved', async () => {
    expect((await api(owner.cookie).transition('submit', [id])).status).toBe(200);
    expect(await status()).toBe('1');
    const res = await api(cookies.operator).transition('approve', [id]);
    expect(res.status).toBe(200);
    const row = await db.knex('cus_enterprise').where({ id }).first();
    expect(row).toMatchObject({ audit_status: '3', audit_opinion: null, audit_by: 'operator' });
    expect(row.audit_time).toBeTruthy();
    expect((await approvedEnterpriseOfUser(db.knex, owner.id))?.id).toBe(id);
  });

  it('refuses to fail an approved enterprise', async () => {
    expect((await api(cookies.operator).transition('fail', [id], '晚了')).body.msg).toBe('当前状态无法执行该操作');
  });

  it('resets an approved enterprise to not submitted when it is saved', async () => {
    const row = await db.knex('cus_enterprise').where({ id }).first();
    const res = await api(owner.cookie).update(id, { ...enterprisePayload({ creditCode: row.credit_code, name: '改名后的贸易有限公司' }), version: row.version });
    expect(res).toMatchObject({ status: 200, body: { data: { auditStatus: '0', name: '改名后的贸易有限公司' } } });
    expect(await approvedEnterpriseOfUser(db.knex, owner.id)).toBeNull();
    expect(await enterpriseOfUser(db.knex, owner.id)).toMatchObject({ id, userId: owner.id, accountType: 4, auditStatus: '0', creditCode: row.credit_code });
  });
});

describe('the enterprise validation rules (SPEC §5)', () => {
  let owner: Awaited<ReturnType<typeof account>>;
  let id: number;
  let version: number;
  let creditCode: string;

  beforeAll(async () => {
    owner = await account(db.knex, 5);
    creditCode = freshCreditCode();
    const res = await api(owner.cookie).create(enterprisePayload({ creditCode }));
    id = Number(res.body.data!.id);
    version = Number(res.body.data!.version);
  });

  /** Saves the owner's enterprise with some fields changed; passes keep the version in step. */
  async function save(over: Body) {
    const res = await api(owner.cookie).update(id, { ...enterprisePayload({ creditCode }), ...over, version });
    if (res.status === 200) version = Number(res.body.data!.version);
    return { status: res.status, msg: res.body.msg, fieldErrors: (res.body.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {} };
  }

  it('name: 3–100 characters', async () => {
    expect((await save({ name: '两字' })).fieldErrors.name).toBe('企业名称长度为3到100个字符');
    expect((await save({ name: '企'.repeat(101) })).fieldErrors.name).toBe('企业名称长度为3到100个字符');
    expect((await save({ name: '三个字' })).status).toBe(200);
  });

  it('legal person name: 2–10 characters', async () => {
    expect((await save({ legalName: '张' })).fieldErrors.legalName).toBe('法人姓名长度为2到10个字符');
    expect((await save({ legalName: '张'.repeat(11) })).fieldErrors.legalName).toBe('法人姓名长度为2到10个字符');
    expect((await save({ legalName: '欧阳娜娜' })).status).toBe(200);
  });

  it('registered capital: numeric and not negative', async () => {
    expect((await save({ registeredCapital: '一百万' })).fieldErrors.registeredCapital).toBe('注册资本（万元）必须是数字');
    expect((await save({ registeredCapital: -1 })).fieldErrors.registeredCapital).toBe('注册资本（万元）格式不正确');
    expect((await save({ registeredCapital: '88.5' })).status).toBe(200);
    expect(Number((await db.knex('cus_enterprise').where({ id }).first()).registered_capital)).toBe(88.5);
  });

  it('unified social credit code: 18 characters with the GB 32100 check character', async () => {
    const wrongCheck = creditCode.slice(0, 17) + (creditCode[17] === '0' ? '1' : '0');
    expect((await save({ creditCode: wrongCheck })).fieldErrors.creditCode).toBe('统一社会信用代码格式不正确（18位，校验位不符）');
    expect((await save({ creditCode: creditCode.slice(0, 17) })).fieldErrors.creditCode).toBe('统一社会信用代码格式不正确（18位，校验位不符）');
    expect((await save({ creditCode: '91350100M000100Y43' })).status).toBe(200);
    creditCode = '91350100M000100Y43';
  });

  it('refuses a credit code another enterprise registered', async () => {
    const demo = await db.knex('cus_enterprise').where({ name: '姐告报关行' }).first();
    expect((await save({ creditCode: demo.credit_code })).fieldErrors.creditCode).toBe('统一社会信用代码已存在');
  });

  it('legal person ID: an 18-digit resident ID with its check digit, or a Myanmar NRC', async () => {
    const body = '11010519491231002';
    expect((await save({ legalIdNo: `${body}5` })).fieldErrors.legalIdNo).toBe('身份证号码格式不正确');
    expect((await save({ legalIdNo: withIdCheck(body) })).status).toBe(200);
    expect((await save({ legalIdType: 'mmNrc', legalIdNo: '12345' })).fieldErrors.legalIdNo).toBe('缅甸国民登记证号码格式不正确，例如 12/MaYaKa(N)123456');
    expect((await save({ legalIdType: 'mmNrc', legalIdNo: '12/MaYaKa(N)123456' })).status).toBe(200);
  });

  it('phones: a mobile, a landline or a Myanmar number', async () => {
    expect((await save({ legalPhone: '12345' })).fieldErrors.legalPhone).toBe('法人电话格式不正确');
    expect((await save({ handlerPhone: '1380013800' })).fieldErrors.handlerPhone).toBe('经办人电话格式不正确');
    expect((await save({ legalPhone: '0692-4141234', handlerPhone: '09420012345' })).status).toBe(200);
  });

  it('handler email: a valid address', async () => {
    expect((await save({ handlerEmail: 'not-an-email' })).fieldErrors.handlerEmail).toBe('经办人邮箱格式不正确');
    expect((await save({ handlerEmail: 'handler@example.com.mm' })).status).toBe(200);
  });

  it('at least one bank account; China and Myanmar banks', async () => {
    expect((await save({ banks: [] })).fieldErrors.banks).toBe('请至少填写一个银行账户');
    expect((await save({ banks: undefined })).fieldErrors.banks).toBe('请至少填写一个银行账户');
    expect((await save({ banks: [{ bankCountry: 'MM', bankName: '', accountName: 'X', accountNo: '0012345678' }] })).fieldErrors['banks.0.bankName']).toBe('开户银行不能为空');
    const ok = await save({
      banks: [
        { bankCountry: 'CN', bankName: '中国银行瑞丽分行', accountName: '测试', accountNo: '6217853000012345678', swift: 'BKCHCNBJ' },
        { bankCountry: 'MM', bankName: 'KBZ Bank Muse Branch', accountName: 'Test Co', accountNo: '0012 3456 7890', swift: '' },
      ],
    });
    expect(ok.status).toBe(200);
    expect((await db.knex('cus_enterprise_bank').where({ enterprise_id: id })).map((b) => b.bank_country)).toEqual(['CN', 'MM']);
  });

  it('qualification files: only pdf, doc, docx, jpg, png, xls, csv, checked by content', async () => {
    const pdf = await upload(owner.cookie, 'customs.enterprise', '营业执照.pdf', PDF);
    expect(pdf.status).toBe(200);
    const disguised = await upload(owner.cookie, 'customs.enterprise', '营业执照.pdf', EXE);
    expect(disguised.status).toBe(400);
    expect(disguised.body.msg).toContain('pdf');
    expect(await upload(owner.cookie, 'customs.enterprise', '清单.xlsx', XLSX)).toMatchObject({ status: 400, body: { msg: '仅支持上传 pdf, doc, docx, jpg, png, xls, csv 格式的文件' } });
    const csv = await upload(owner.cookie, 'customs.enterprise', '清单.csv', new TextEncoder().encode('a,b\n1,2\n'));
    expect(csv.status).toBe(200);
  });

  it('file rows need a name, a type and an uploaded file', async () => {
    const up = await upload(owner.cookie, 'customs.enterprise', 'licence.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
    const fileId = Number((up.body.data as Body).id);
    expect((await save({ files: [{ name: '', fileType: 'licence', fileId }] })).fieldErrors['files.0.name']).toBe('文件名称不能为空');
    expect((await save({ files: [{ name: '营业执照', fileType: '', fileId }] })).fieldErrors['files.0.fileType']).toBe('文件类型不能为空');
    expect((await save({ files: [{ name: '营业执照', fileType: 'licence' }] })).fieldErrors['files.0.fileId']).toBe('请上传资质文件');
    const ok = await save({ files: [{ name: '营业执照', fileType: 'licence', fileId }] });
    expect(ok.status).toBe(200);
    const got = await api(owner.cookie).get(id);
    expect(got.body.data!.files).toEqual([expect.objectContaining({ seq: 1, name: '营业执照', fileType: 'licence', fileId, file: expect.objectContaining({ name: 'licence.png' }) })]);
    expect((await db.knex('sys_file').where({ id: fileId }).first()).record_id).toBe(id);
  });

  it('refuses a file uploaded by someone else', async () => {
    const other = await account(db.knex, 4);
    const up = await upload(other.cookie, 'customs.enterprise', 'x.pdf', PDF);
    expect(await save({ files: [{ name: '别人的文件', fileType: 'other', fileId: Number((up.body.data as Body).id) }] })).toMatchObject({ status: 400, msg: '附件无效或不属于当前用户' });
  });
});

describe('each user keeps to their own enterprise', () => {
  let a: Awaited<ReturnType<typeof account>>;
  let b: Awaited<ReturnType<typeof account>>;
  let aId: number;

  beforeAll(async () => {
    a = await account(db.knex, 4);
    b = await account(db.knex, 4);
    aId = Number((await api(a.cookie).create(enterprisePayload())).body.data!.id);
    await api(b.cookie).create(enterprisePayload());
  });

  it('does not let another user read it', async () => {
    expect(await api(b.cookie).get(aId)).toMatchObject({ status: 404, body: { msg: '数据不存在或无权访问' } });
    const list = await api(b.cookie).list({ pageSize: 100 });
    expect(list.body.data!.rows.map((r) => r.id)).not.toContain(aId);
    expect(list.body.data!.rows).toHaveLength(1);
  });

  it('does not let another user edit or submit it', async () => {
    const row = await db.knex('cus_enterprise').where({ id: aId }).first();
    const edit = await api(b.cookie).update(aId, { ...enterprisePayload({ creditCode: row.credit_code, name: '被别人改掉' }), version: row.version });
    expect(edit.status).toBe(404);
    expect((await api(b.cookie).transition('submit', [aId])).status).toBe(404);
    expect(await db.knex('cus_enterprise').where({ id: aId }).first()).toMatchObject({ name: row.name, audit_status: '0', version: row.version });
  });

  it('lets the cookies.operator see every enterprise', async () => {
    const list = await api(cookies.operator).list({ pageSize: 100 });
    expect(list.body.data!.rows.length).toBeGreaterThanOrEqual(4);
    expect((await api(cookies.operator).get(aId)).status).toBe(200);
  });

  it('lists approved customs brokers for pickers', async () => {
    const brokers = await db.registry.context(db.knex).lookup('customs.brokers', { id: a.id, username: a.username, userType: 4, roles: [], permissionList: [], isAdmin: false });
    expect(brokers.map((o) => o.label)).toContain('姐告报关行');
    expect(brokers.map((o) => o.label)).not.toContain('德宏边境贸易有限公司');
  });
});

describe('exporting enterprises', () => {
  const exported = async (cookie: string) => {
    const res = await api(cookie).exportFile('format=csv');
    return { status: res.status, text: await res.text() };
  };

  it('lets a trader and a customs broker export their own enterprise record, and only it', async () => {
    const trader = await exported(await loginAs('trader'));
    expect(trader.status).toBe(200);
    expect(trader.text).toContain('德宏边境贸易有限公司');
    expect(trader.text).not.toContain('姐告报关行');
    const broker = await exported(await loginAs('broker'));
    expect(broker.status).toBe(200);
    expect(broker.text).toContain('姐告报关行');
    expect(broker.text).not.toContain('德宏边境贸易有限公司');
  });

  it('lets the cookies.operator reviewer export every enterprise', async () => {
    const all = await exported(cookies.operator);
    expect(all.status).toBe(200);
    expect(all.text).toContain('德宏边境贸易有限公司');
    expect(all.text).toContain('姐告报关行');
  });

  it('refuses an account without the enterprise center', async () => {
    const res = await api(await loginAs('shipagent')).exportFile('format=csv');
    expect(res.status).toBe(403);
  });

  it('documents the permission and scope of each enterprise operation in OpenAPI', async () => {
    const { openApiDocument } = await import('../../../core/resource/openapi.server');
    const doc = openApiDocument(db.registry, ((k: string) => k) as never, BASE) as { paths: Record<string, Record<string, { description?: string }>> };
    expect(doc.paths['/api/customs/enterprise/export'].get.description).toMatch(/customs:enterprise:list.*own enterprise record/);
    expect(doc.paths['/api/customs/enterprise/transition/approve'].post.description).toContain('customs:enterprise:audit');
    expect(doc.paths['/api/customs/collectionInfo'].get.description).toContain('管理员');
  });
});
