// Manifests through the REST API (/api/customs/preManifest, /originalManifest) on a fresh
// seeded MariaDB: SPEC §5 "Manifests and tally" rules, the whole document saved in one
// transaction, the life cycle (submit, customs receipts, refusals) and the permission checks.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, signedInUser } from '../../../tests/support/resource';
import system from '../../system';
import customs from '..';
import { applyReceipts, type ReceiptInput } from '../receipts/receipts.server';
import { manifestsArea } from '.';

const db = setUpTestDb({ plugins: [system, customs], logins: ['admin', 'broker', 'trader'] });
const { cookies } = db;
const targets = manifestsArea.receiptTargets!;

type Body = Record<string, unknown>;
const pre = (who = 'broker') => resourceApi('customs', 'preManifest', { cookie: cookies[who] });
const original = (who = 'broker') => resourceApi('customs', 'originalManifest', { cookie: cookies[who] });

const goods = (over: Body = {}): Body => ({ seq: 1, quantity: '100', description: '大米', grossWeight: '2000.5', packageType: '22', dangerousNo: null, hsCode: '1006301000', supplement: null, ...over });
const contact = (over: Body = {}): Body => ({ role: 'consignee', code: 'MM001', name: 'Myanmar Trading', phone: '+95 9 1234567', commType: 'TE', ...over });
let billSeq = 0;
const bill = (over: Body = {}): Body => ({
  billNo: `BL${++billSeq}`,
  clearanceCode: 'RL01',
  totalPieces: 100,
  grossWeight: '2000.5',
  cargoValue: '30000.00',
  currency: 'USD',
  consigneeName: 'Myanmar Trading',
  carriageTerms: 'CY-CY',
  freightPayment: 'PP',
  packageType: '22',
  volume: '12.5',
  lclCode: null,
  contacts: [contact()],
  goods: [goods()],
  ...over,
});
const manifest = (over: Body = {}): Body => ({
  orderNo: 'ORD-001',
  batchNo: 'RL2025001',
  carrierCode: 'CARRIER01',
  customsCode: '8613',
  transportMode: '4',
  placeCode: 'CNRUL',
  loadingTime: '2025-06-01T08:30:00.000Z',
  filingCustoms: '8613',
  enterpriseCode: '5333960001',
  transferorName: '姐告报关行',
  remarks: null,
  bills: [bill()],
  ...over,
});

async function counts() {
  const n = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())?.n ?? 0);
  return { manifests: await n('cus_manifest'), bills: await n('cus_manifest_bill'), contacts: await n('cus_manifest_contact'), goods: await n('cus_manifest_goods') };
}

async function created(body: Body = manifest(), api = pre()): Promise<Body> {
  const a = await api.create(body);
  expect(a.body.msg, JSON.stringify(a.body)).toBe('新增成功');
  return a.body.data!;
}

let receiptSeq = 0;
const receipt = (docType: string, docNo: unknown, code: string, over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  messageNo: `MSG-${process.pid}-${++receiptSeq}`,
  docType,
  docNo: String(docNo),
  functionCode: '2',
  code,
  message: '',
  receiptTime: new Date(),
  ...over,
});

describe('saving a manifest as one document', () => {
  it('creates a draft with its number, bills, contacts and goods, numbers exact', async () => {
    const data = await created(manifest({ bills: [bill({ grossWeight: '1234567.891', cargoValue: '99999999.99', goods: [goods({ grossWeight: '0.001' }), goods({ seq: 2 })] })] }));
    expect(data).toMatchObject({ status: 'draft', orderNo: 'ORD-001', customsCode: '8613', loadingTime: '2025-06-01T08:30:00.000Z', billCount: 1, goodsCount: 2, version: 1 });
    expect(String(data.docNo)).toMatch(/^PM\d{8}\d{4}$/);
    const [b] = data.bills as Body[];
    expect(b).toMatchObject({ grossWeight: '1234567.891', cargoValue: '99999999.99', totalPieces: 100, contacts: [{ role: 'consignee', name: 'Myanmar Trading' }] });
    expect((b.goods as Body[]).map((g) => [g.seq, g.grossWeight])).toEqual([
      [1, '0.001'],
      [2, '2000.5'],
    ]);
    const got = await pre().get(Number(data.id));
    expect(got.body.data?.bills).toEqual(data.bills);
  });

  it('gives each document its own number', async () => {
    const a = await created();
    const b = await created();
    expect(a.docNo).not.toBe(b.docNo);
  });

  it('rewrites the bills and goods on an update of a draft', async () => {
    const data = await created();
    const a = await pre().update(Number(data.id), { ...manifest({ orderNo: 'ORD-002', bills: [bill({ billNo: 'NEW1' }), bill({ billNo: 'NEW2', goods: [goods(), goods({ seq: 2 })] })] }), version: data.version });
    expect(a.body.msg).toBe('修改成功');
    expect(a.body.data).toMatchObject({ orderNo: 'ORD-002', billCount: 2, goodsCount: 3, version: 2 });
    expect(await db.knex('cus_manifest_bill').where({ manifest_id: data.id }).pluck('bill_no')).toEqual(['NEW1', 'NEW2']);
  });

  it('saves nothing when the third goods line names an HS code that does not exist (no header, bills or goods)', async () => {
    const before = await counts();
    const body = manifest({ bills: [bill({ goods: [goods({ seq: 1 }), goods({ seq: 2 })] }), bill({ goods: [goods({ seq: 1, hsCode: '9999999999' })] })] });
    const a = await pre().create(body);
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe('第2条提单第1条商品的HS编码9999999999不存在');
    expect(await counts()).toEqual(before);
  });

  it('saves nothing when the third goods line has no gross weight', async () => {
    const before = await counts();
    const a = await pre().create(manifest({ bills: [bill({ goods: [goods({ seq: 1 }), goods({ seq: 2 }), goods({ seq: 3, grossWeight: '' })] })] }));
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe('商品毛重(千克)不能为空');
    expect(await counts()).toEqual(before);
  });

  it('keeps pre-allocated and original manifests apart', async () => {
    const o = await created(manifest(), original());
    expect(String(o.docNo)).toMatch(/^OM/);
    expect((await pre().get(Number(o.id))).status).toBe(404);
    const listed = await original().list({ docNo: String(o.docNo) });
    expect(listed.body.data?.rows.map((r) => r.id)).toEqual([o.id]);
  });
});

describe('SPEC §5 required header fields', () => {
  const required: [string, string][] = [
    ['orderNo', '订单编号不能为空'],
    ['batchNo', '货物运输批次号不能为空'],
    ['transportMode', '运输方式代码不能为空'],
    ['customsCode', '进出境口岸海关不能为空'],
    ['loadingTime', '装卸货时间不能为空'],
    ['placeCode', '装卸货地代码不能为空'],
    ['filingCustoms', '传输企业备案关区不能为空'],
    ['enterpriseCode', '企业代码不能为空'],
    ['transferorName', '舱单传输人名称不能为空'],
  ];
  it.each(required)('refuses a blank %s with "%s" and accepts it filled', async (field, message) => {
    const a = await pre().create(manifest({ [field]: '' }));
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe(message);
    expect(a.fieldErrors[field]).toBe(message);
    expect((await pre().create(manifest())).status).toBe(200);
  });

  it('refuses a customs code that is not a 4-digit customs area', async () => {
    expect((await pre().create(manifest({ customsCode: '86' }))).body.msg).toBe('进出境口岸海关格式不正确');
    expect((await pre().create(manifest({ customsCode: 8613 }))).status).toBe(200);
  });
});

describe('SPEC §5 bills of lading, goods and contacts', () => {
  const billRequired: [string, string][] = [
    ['billNo', '提单号不能为空'],
    ['freightPayment', '运费支付方法不能为空'],
    ['clearanceCode', '海关货物通关代码不能为空'],
    ['totalPieces', '货物总件数不能为空'],
    ['packageType', '包装种类不能为空'],
    ['grossWeight', '货物总毛重(千克)不能为空'],
    ['cargoValue', '货物价值不能为空'],
    ['currency', '金额类型不能为空'],
  ];
  it.each(billRequired)('refuses a bill without %s ("%s"), accepts it with one', async (field, message) => {
    const a = await pre().create(manifest({ bills: [bill({ [field]: '' })] }));
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe(message);
    // Keyed by the path inside the lines, where the editor shows it on the bill's cell.
    expect(a.fieldErrors[`bills.0.${field}`]).toBe(message);
    expect((await pre().create(manifest({ bills: [bill()] }))).status).toBe(200);
  });

  const goodsRequired: [string, string][] = [
    ['seq', '商品序号不能为空'],
    ['quantity', '商品件数不能为空'],
    ['grossWeight', '商品毛重(千克)不能为空'],
  ];
  it.each(goodsRequired)('refuses a goods line without %s ("%s"), accepts it with one', async (field, message) => {
    const a = await pre().create(manifest({ bills: [bill({ goods: [goods({ [field]: null })] })] }));
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe(message);
    expect((await pre().create(manifest({ bills: [bill({ goods: [goods()] })] }))).status).toBe(200);
  });

  it('refuses a contact without a name, accepts one with a name', async () => {
    expect((await pre().create(manifest({ bills: [bill({ contacts: [contact({ name: ' ' })] })] }))).body.msg).toBe('联系人名称不能为空');
    expect((await pre().create(manifest({ bills: [bill({ contacts: [contact({ role: 'dangerous', name: '危险品联系人' })] })] }))).status).toBe(200);
  });

  it('refuses numbers that are not numeric, with too many decimals or not positive', async () => {
    const msg = async (b: Body) => (await pre().create(manifest({ bills: [b] }))).body.msg;
    expect(await msg(bill({ grossWeight: '12kg' }))).toBe('货物总毛重(千克)必须是数字');
    expect(await msg(bill({ grossWeight: '1e3' }))).toBe('货物总毛重(千克)必须是数字');
    expect(await msg(bill({ cargoValue: '10.123' }))).toBe('货物价值最多保留2位小数');
    expect(await msg(bill({ totalPieces: '3.5' }))).toBe('货物总件数必须是数字');
    expect(await msg(bill({ goods: [goods({ quantity: 'abc' })] }))).toBe('商品件数必须是数字');
    expect(await msg(bill({ goods: [goods({ grossWeight: '0' })] }))).toBe('商品毛重(千克)格式不正确');
    expect(await msg(bill({ volume: 'x' }))).toBe('体积(立方米)必须是数字');
  });

  it('accepts numbers given as text or as numbers, kept exactly', async () => {
    const data = await created(manifest({ bills: [bill({ grossWeight: 0.1, cargoValue: '12345678901234.56', totalPieces: '7', goods: [goods({ quantity: 3, grossWeight: '0.3' })] })] }));
    expect(data.bills).toMatchObject([{ grossWeight: '0.1', cargoValue: '12345678901234.56', totalPieces: 7, goods: [{ quantity: '3', grossWeight: '0.3' }] }]);
  });

  it('refuses a bill number twice in one manifest and a goods serial twice in one bill', async () => {
    expect((await pre().create(manifest({ bills: [bill({ billNo: 'SAME' }), bill({ billNo: 'SAME' })] }))).body.msg).toBe('提单号SAME重复');
    expect((await pre().create(manifest({ bills: [bill({ goods: [goods({ seq: 1 }), goods({ seq: 1 })] })] }))).body.msg).toBe('商品序号1重复');
  });
});

describe('life cycle: submit, receipts, refusals', () => {
  it('submits a draft whose bills all have goods', async () => {
    const data = await created();
    const a = await pre().transition('submit', [Number(data.id)]);
    expect(a.body.msg).toBe('操作成功');
    expect(a.body.data?.[0]).toMatchObject({ status: 'submitted' });
    expect(a.body.data?.[0].submittedAt).toBeTruthy();
  });

  it('refuses to submit a manifest with a bill without goods (请添加商品)', async () => {
    const data = await created(manifest({ bills: [bill(), bill({ goods: [] })] }));
    const a = await pre().transition('submit', [Number(data.id)]);
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe('请添加商品');
    expect((await pre().get(Number(data.id))).body.data?.status).toBe('draft');
  });

  it('refuses to submit a manifest without bills', async () => {
    const data = await created(manifest({ bills: [] }));
    expect((await pre().transition('submit', [Number(data.id)])).body.msg).toBe('请添加提单数据');
  });

  it('refuses to submit, edit or delete a submitted manifest', async () => {
    const data = await created();
    const draft = await created();
    await pre().transition('submit', [Number(data.id)]);
    const again = await pre().transition('submit', [Number(draft.id), Number(data.id)]);
    expect(again.body.msg).toBe('包含已提交的数据，无法提交');
    expect((await pre().get(Number(draft.id))).body.data?.status).toBe('draft');
    expect((await pre().update(Number(data.id), { ...manifest(), version: 2 })).body.msg).toBe('已提交，无法编辑');
    expect((await pre().removeMany([Number(draft.id), Number(data.id)])).body.msg).toBe('只有草稿状态才能删除');
    expect((await pre().get(Number(draft.id))).status).toBe(200);
  });

  it('deletes a draft with its bills, contacts and goods', async () => {
    const data = await created();
    expect((await pre().remove(Number(data.id))).body.msg).toBe('删除成功');
    expect(await db.knex('cus_manifest_bill').where({ manifest_id: data.id }).first()).toBeUndefined();
    expect(await db.knex('cus_manifest_goods').where({ manifest_id: data.id }).first()).toBeUndefined();
    expect(await db.knex('cus_manifest_contact').where({ manifest_id: data.id }).first()).toBeUndefined();
  });

  it('moves to accepted then released on customs receipts, ignoring a repeated message', async () => {
    const data = await created();
    await pre().transition('submit', [Number(data.id)]);
    const accepted = receipt('preManifest', data.docNo, 'ACCEPTED');
    expect(await applyReceipts(db.knex, targets, [accepted], 'test')).toEqual([{ messageNo: accepted.messageNo, result: 'applied', status: 'accepted' }]);
    expect((await applyReceipts(db.knex, targets, [accepted], 'test'))[0].result).toBe('duplicate');
    expect((await pre().get(Number(data.id))).body.data?.status).toBe('accepted');
    const released = receipt('preManifest', data.docNo, 'RELEASED');
    expect((await applyReceipts(db.knex, targets, [released], 'test'))[0]).toMatchObject({ result: 'applied', status: 'released' });
    expect((await pre().get(Number(data.id))).body.data?.status).toBe('released');
    expect(await db.knex('cus_receipt').where({ doc_type: 'preManifest', doc_id: data.id }).count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });

  it('records an inspection receipt on a manifest without moving it (inspection is for vehicles)', async () => {
    const data = await created(manifest(), original());
    await original().transition('submit', [Number(data.id)]);
    const [out] = await applyReceipts(db.knex, targets, [receipt('originalManifest', data.docNo, 'INSPECTION')], 'test');
    expect(out.result).toBe('recorded');
    expect((await original().get(Number(data.id))).body.data?.status).toBe('submitted');
  });

  it('is rejected with customs’ reason, then edited and submitted again', async () => {
    const data = await created(manifest(), original());
    await original().transition('submit', [Number(data.id)]);
    const [out] = await applyReceipts(db.knex, targets, [receipt('originalManifest', data.docNo, 'REJECTED', { message: '提单号与运抵报告不符' })], 'test');
    expect(out).toMatchObject({ result: 'applied', status: 'rejected' });
    const rejected = (await original().get(Number(data.id))).body.data!;
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '提单号与运抵报告不符' });
    expect((await original().removeMany([Number(data.id)])).body.msg).toBe('只有草稿状态才能删除');
    const edited = await original().update(Number(data.id), { ...manifest({ remarks: '已更正' }), version: rejected.version });
    expect(edited.body.msg).toBe('修改成功');
    const again = await original().transition('submit', [Number(data.id)]);
    expect(again.body.data?.[0]).toMatchObject({ status: 'submitted', rejectReason: null });
  });

  it('exports the list as xlsx', async () => {
    const res = await pre().exportFile('format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('permissions are checked by the server', () => {
  it('answers 403 to submit without customs:preManifest:submit, while listing and adding work', async () => {
    cookies.clerk = (await signedInUser(db.knex, { menus: ['customsDeclare', 'customsDeclare.preManifest'], permissions: ['customs:preManifest:list', 'customs:preManifest:add'] })).cookie;
    const data = await created(manifest(), pre('clerk'));
    const a = await pre('clerk').transition('submit', [Number(data.id)]);
    expect(a.status).toBe(403);
    expect((await pre('clerk').remove(Number(data.id))).status).toBe(403);
    expect((await pre('broker').transition('submit', [Number(data.id)])).body.data?.[0].status).toBe('submitted');
  });
});
