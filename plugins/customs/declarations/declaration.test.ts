// Declarations through the REST API on a fresh seeded MariaDB: SPEC §5 "Declarations" rules
// (one passing and one failing case each), goods lines with HS declaration elements, the
// single transaction (a bad third line saves nothing), attachments, submission and the
// receipts that move a declaration on.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { loginAs } from '../../../tests/support/session';
import { makeUser, resourceApi } from '../../../tests/support/resource';
import { req, respond, envelope, run } from '../../../tests/support/http';
import { loader as pageLoader } from '../../../app/screen';
import { upload } from '../../../tests/support/files';
import { loader as downloadLoader } from '../../../app/routes/api.core.files.$id';
import { applyReceipts } from '../receipts/receipts.server';
import { loader as receiptsLoader } from '../receipts/api.receipts';
import { declarationReceipts } from './declaration.server';
import { goodsLine, importDeclaration } from './fixtures';

const db = setUpTestDb({ logins: ['broker'] });
const { cookies } = db;
const broker = resourceApi('customs', 'declaration', db.as('broker'));

const counts = async () => ({
  decl: Number((await db.knex('cus_declaration').count({ n: '*' }).first())!.n),
  goods: Number((await db.knex('cus_decl_goods').count({ n: '*' }).first())!.n),
});

async function create(over: Record<string, unknown> = {}) {
  const res = await broker.create(importDeclaration(over));
  expect(res.body.code, `${res.body.msg} ${JSON.stringify(res.body.data)}`).toBe(200);
  return res.body.data!;
}

describe('saving a declaration', () => {
  it('saves the header and both goods lines, with the specification model built from the HS elements in order', async () => {
    const d = await create();
    expect(String(d.seqNo)).toMatch(/^D\d{8}\d{8}$/);
    expect(d.status).toBe('draft');
    const goods = d.goods as Record<string, unknown>[];
    expect(goods).toHaveLength(2);
    expect(goods[0]).toMatchObject({ itemNo: 1, hsCode: '0713109000', totalPrice: '13000.00', unitPrice: '0.6500' });
    expect(goods[0].specModel).toBe('干豌豆|0|0|食用|豌豆|干|||||');
    expect(goods[1].specModel).toBe('绿豆|0|0|食用|绿豆||||||');
  });

  it.each([
    ['ieCustoms', '', '进/出境关别不能为空'],
    ['declCustoms', '86', '申报地海关应为4位海关代码'],
    ['ieDate', '', '进/出口日期不能为空'],
    ['consignorCreditCode', '91533102MA6K3XQ4', '统一社会信用代码应为18位'],
    ['consignorCreditCode', '91533102MA6K3XQ481', '统一社会信用代码校验位不正确'],
    ['consignorCustomsCode', '530996', '海关编码应为10位'],
    ['consignorCiqCode', '53006001', '检验检疫编码应为10位'],
    ['consignorName', '德宏', '境内收发货人名称长度为3到100个字符'],
    ['overseasName', 'x'.repeat(101), '境外收发货人名称（外文）长度为3到100个字符'],
    ['transportMode', '', '运输方式不能为空'],
    ['supervisionMode', '', '监管方式不能为空'],
    ['departCountry', '', '启运国（地区）不能为空'],
    ['portOfCall', '', '经停港不能为空'],
    ['transactionMode', '', '成交方式不能为空'],
    ['packCount', 'abc', '件数必须是数字'],
    ['packageType', '', '包装种类不能为空'],
    ['grossWeight', '', '毛重（千克）不能为空'],
    ['netWeight', 'x', '净重（千克）必须是数字'],
    ['tradeCountry', '', '贸易国别（地区）不能为空'],
    ['entryPort', '', '入境口岸不能为空'],
    ['storagePlace', '', '货物存放地点不能为空'],
    ['qualificationCategory', '', '企业资质类别不能为空'],
    ['declKind', '', '报关单类型不能为空'],
    ['markingCode', '', '标记唛码不能为空'],
  ])('refuses %s = %j with "%s" and saves nothing', async (field, value, message) => {
    const before = await counts();
    const res = await broker.create(importDeclaration({ [field]: value }));
    expect(res.fieldErrors[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a net weight above the gross weight (净重不能大于毛重)', async () => {
    const res = await broker.create(importDeclaration({ grossWeight: '100', netWeight: '100.5' }));
    expect(res.fieldErrors.netWeight).toBe('净重不能大于毛重');
    expect((await broker.create(importDeclaration({ grossWeight: '100', netWeight: '100' }))).body.code).toBe(200);
  });

  it('refuses codes that are not in the code tables', async () => {
    expect((await broker.create(importDeclaration({ ieCustoms: '9999' }))).fieldErrors.ieCustoms).toBe('进/出境关别不在代码表中');
    expect((await broker.create(importDeclaration({ entryPort: 'CNZZZ' }))).fieldErrors.entryPort).toBe('入境口岸不在代码表中');
  });

  it.each([
    ['hsCode', '', '第1项商品：商品编号不能为空'],
    ['goodsName', '', '第1项商品：商品名称不能为空'],
    ['goodsName', 'x'.repeat(101), '第1项商品：商品名称长度不能超过100个字符'],
    ['qty', '', '第1项商品：成交数量不能为空'],
    ['qty', 'many', '第1项商品：成交数量必须是数字'],
    ['unit', '', '第1项商品：成交单位不能为空'],
    ['unitPrice', '', '第1项商品：单价不能为空'],
    ['unitPrice', '0.6a', '第1项商品：单价必须是数字'],
    ['totalPrice', '', '第1项商品：总价不能为空'],
    ['currency', '', '第1项商品：币制不能为空'],
  ])('goods line rule: %s = %j → %s', async (field, value, message) => {
    const before = await counts();
    const res = await broker.create(importDeclaration({ goods: [goodsLine({ [field]: value })] }));
    expect(res.fieldErrors.goods).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('checks total price = quantity × unit price in decimal', async () => {
    // 0.1 × 3 is 0.30000000000000004 in floating point; in decimal it is exactly 0.30.
    expect((await broker.create(importDeclaration({ goods: [goodsLine({ qty: '3', unitPrice: '0.1', totalPrice: '0.30' })] }))).body.code).toBe(200);
    const res = await broker.create(importDeclaration({ goods: [goodsLine({ totalPrice: '13000.01' })] }));
    expect(res.fieldErrors.goods).toBe('第1项商品：总价应等于成交数量×单价（13000.00）');
  });

  it('enforces the required declaration elements of the HS code', async () => {
    const res = await broker.create(importDeclaration({ goods: [goodsLine({ elements: { '1': '干豌豆', '2': '0', '3': '0', '4': '食用' } })] }));
    expect(res.fieldErrors.goods).toBe('第1项商品：申报要素“种类”必填');
  });

  it('saves nothing when the third goods line fails inside the transaction', async () => {
    const before = await counts();
    const lines = [goodsLine(), goodsLine(), goodsLine({ hsCode: '99999999' })];
    const res = await broker.create(importDeclaration({ goods: lines }));
    expect(res.fieldErrors.goods).toBe('第3项商品：商品编号99999999不存在或已失效');
    expect(await counts()).toEqual(before);
    expect(await db.knex('cus_decl_licence').count({ n: '*' }).first().then((r) => Number(r!.n))).toBe(0);
  });

  it('keeps product licences and dangerous goods on a line', async () => {
    const d = await create({
      goods: [goodsLine({ licences: [{ licenceType: 'A', licenceNo: 'JY2026-0001', qty: '20000', unit: '035' }], dangerous: true, unCode: '1363', dangerName: '椰肉干' })],
    });
    const g = (d.goods as Record<string, unknown>[])[0];
    expect(g.licences).toEqual([{ licenceType: 'A', licenceNo: 'JY2026-0001', verifiedSerial: null, qty: '20000.00000', unit: '035' }]);
    expect(g).toMatchObject({ dangerous: true, unCode: '1363' });
    const bad = await broker.create(importDeclaration({ goods: [goodsLine({ dangerous: true })] }));
    expect(bad.fieldErrors.goods).toBe('第1项商品：危险货物须填写UN编码和危险货物名称');
  });
});

const attach = async (name: string, bytes: Uint8Array, cookie = cookies.broker) => (await upload(cookie, 'customs.declaration', name, bytes)).body;

describe('attachments', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

  it('accepts a real PDF, attaches it on save and serves it to whoever may read the declaration', async () => {
    const up = await attach('invoice.pdf', pdf);
    expect(up.code).toBe(200);
    const fileId = Number((up.data as { id: number }).id);
    const d = await create({ documents: [{ fileId, docType: 'invoice', docNo: 'INV-001' }] });
    expect((d.documents as { fileId: number; docType: string }[])[0]).toMatchObject({ fileId, docType: 'invoice', docNo: 'INV-001' });
    const res = await respond(downloadLoader, req(`/api/core/files/${fileId}`, { cookie: cookies.broker }), { id: String(fileId) });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // A trader with no order behind this declaration cannot read the file.
    const role = await db.knex('sys_role').where({ code: '0' }).first();
    const stranger = await makeUser(db.knex, { roleIds: [role.id], userType: 4 });
    const denied = await respond(downloadLoader, req(`/api/core/files/${fileId}`, { cookie: await loginAs(stranger.username) }), { id: String(fileId) });
    expect(denied.status).toBeGreaterThanOrEqual(403);
  });

  it('refuses a file whose content is not its type, and types outside the list', async () => {
    const fake = await attach('invoice.pdf', new TextEncoder().encode('MZ this is an exe'));
    expect(fake.msg).toBe('文件内容与扩展名 .pdf 不符');
    const exe = await attach('tool.exe', new TextEncoder().encode('MZ'));
    expect(exe.msg).toContain('仅支持上传');
  });

  it('refuses to attach a file uploaded by someone else', async () => {
    const admin = await loginAs('admin');
    const up = await attach('other.pdf', pdf, admin);
    const res = await broker.create(importDeclaration({ documents: [{ fileId: (up.data as { id: number }).id, docType: 'invoice' }] }));
    expect(res.body.msg).toBe('附件无效或不属于当前用户');
  });
});

describe('submission and receipts', () => {
  it('submits a draft, assigns the pre-entry number and then refuses edits and resubmission', async () => {
    const d = await create();
    const id = Number(d.id);
    const sub = await broker.transition('submit', [id]);
    expect(sub.body.code, sub.body.msg).toBe(200);
    const after = sub.body.data![0];
    expect(after.status).toBe('submitted');
    expect(String(after.preEntryNo)).toMatch(/^86132026?\d{10,}$/);
    expect((await broker.update(id, { ...importDeclaration(), version: after.version })).body.msg).toBe('已提交，无法编辑');
    expect((await broker.transition('submit', [id])).body.msg).toBe('包含已提交的数据，无法提交');
    expect((await broker.remove(id)).body.msg).toBe('只有草稿状态才能删除');
  });

  it('refuses to submit a declaration without goods (请添加商品)', async () => {
    const d = await create({ goods: [] });
    const res = await broker.transition('submit', [Number(d.id)]);
    expect(res.body.msg).toBe(`请添加商品（${d.seqNo}）`);
  });

  it('moves on with receipts: accepted, inspection, released; a duplicate message changes nothing', async () => {
    const d = await create();
    await broker.transition('submit', [Number(d.id)]);
    const at = new Date('2026-11-21T08:00:00Z');
    const r = (messageNo: string, code: string) => ({ messageNo, docType: 'declaration', docNo: String(d.seqNo), functionCode: '1', code, message: '', receiptTime: at });
    const out = await applyReceipts(db.knex, [declarationReceipts], [r(`${d.seqNo}-1`, 'ACCEPTED'), r(`${d.seqNo}-2`, 'INSPECTION'), r(`${d.seqNo}-3`, 'RELEASED'), r(`${d.seqNo}-3`, 'REJECTED')], 'test');
    expect(out.map((o) => o.result)).toEqual(['applied', 'applied', 'applied', 'duplicate']);
    expect((await broker.get(Number(d.id))).body.data!.status).toBe('released');
    // The document's receipts, to whoever may read it (GET /api/customs/receipts).
    const receipts = (query: string, cookie?: string) => respond(receiptsLoader, req(`/api/customs/receipts?${query}`, { cookie })).then(envelope);
    const list = await receipts(`docType=declaration&docId=${d.id}`, cookies.broker);
    expect((list.data as { code: string }[]).map((x) => x.code)).toEqual(['ACCEPTED', 'INSPECTION', 'RELEASED']);
    expect((await receipts(`docType=nothing&docId=${d.id}`, cookies.broker)).code).toBe(404);
    expect((await receipts(`docType=declaration&docId=${d.id}`)).code).toBe(20011);
    expect((await receipts(`docType=declaration&docId=${d.id}`, await loginAs('bank'))).code).toBe(403);
  });

  it('a rejection keeps customs\' reason, and a rejected declaration can be edited and submitted again', async () => {
    const d = await create();
    const id = Number(d.id);
    await broker.transition('submit', [id]);
    await applyReceipts(db.knex, [declarationReceipts], [{ messageNo: `${d.seqNo}-R`, docType: 'declaration', docNo: String(d.seqNo), functionCode: '1', code: 'REJECTED', message: '申报要素不全', receiptTime: new Date() }], 'test');
    const rejected = (await broker.get(id)).body.data!;
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '申报要素不全' });
    const edited = await broker.update(id, { ...importDeclaration({ remark: '已补充' }), version: rejected.version });
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect((await broker.transition('submit', [id])).body.data![0]).toMatchObject({ status: 'submitted', rejectReason: null });
  });

  it('a receipt that does not fit the current status is recorded but does not move it', async () => {
    const d = await create();
    const out = await applyReceipts(db.knex, [declarationReceipts], [{ messageNo: `${d.seqNo}-X`, docType: 'declaration', docNo: String(d.seqNo), functionCode: '1', code: 'RELEASED', message: '', receiptTime: new Date() }], 'test');
    expect(out[0].result).toBe('recorded');
    expect((await broker.get(Number(d.id))).body.data!.status).toBe('draft');
  });
});

describe('permissions', () => {
  it('a user without the declaration permission is refused by the server', async () => {
    const trader = resourceApi('customs', 'declaration', { cookie: await loginAs('trader') });
    expect((await trader.create(importDeclaration())).status).toBe(403);
    expect((await trader.list()).status).toBe(403);
  });
});

describe('the editor page in the user language', () => {
  const labels = async (lng: string) => {
    const { data } = await run(pageLoader, req(`/customsDeclare/declaration?lng=${lng}`, { cookie: cookies.broker }));
    const lookups = (data as { lookups: Record<string, { value: string; label: string }[]> }).lookups;
    const label = (name: string, value: string) => lookups[name]?.find((o) => o.value === value)?.label;
    return [label('customs.qp.unit', '035'), label('customs.qp.currency', 'USD'), label('system.countries', 'MM')];
  };

  it('labels units, currencies and countries in Chinese, English, or Burmese where the table has it', async () => {
    expect(await labels('zh')).toEqual(['035 千克', 'USD 美元', 'MM 缅甸 / Myanmar']);
    expect(await labels('en')).toEqual(['035 Kilogram', 'USD US dollar', 'MM Myanmar']);
    expect(await labels('my')).toEqual(['035 Kilogram', 'USD US dollar', 'MM မြန်မာ']);
  });
});
