// Export arrival reports, export tally reports and vehicle entry/departure confirmations
// through the REST API on a fresh seeded MariaDB: required fields, lines saved with the
// header in one transaction, the life cycle with customs receipts and the permission check.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import system from '../../system';
import customs from '..';
import { applyReceipts, type ReceiptInput } from '../receipts/receipts.server';
import { manifestsArea } from '.';

const db = setUpTestDb({ plugins: [system, customs], logins: ['broker', 'trader'] });
const { cookies } = db;
const targets = manifestsArea.receiptTargets!;

type Body = Record<string, unknown>;
const api = (resource: string, who = 'broker') => resourceApi('customs', resource, { cookie: cookies[who] });

const line = (over: Body = {}): Body => ({ billNo: 'BL001', containerNo: 'MSKU1234567', pieces: 10, grossWeight: '250.5', packageType: '22', goodsDesc: '大米', ...over });
const common = { customsCode: '8613', enterpriseCode: '5333960001', declarantName: '姐告报关行', remarks: null };
const arrival = (over: Body = {}): Body => ({ ...common, transportMode: '4', batchNo: 'RL2025001', manifestNo: null, siteCode: 'CNRUL', conveyanceName: '滇N12345', arrivalTime: '2025-06-01T08:00:00.000Z', lines: [line()], ...over });
const tally = (over: Body = {}): Body => ({
  ...arrival(),
  arrivalTime: undefined,
  tallyStart: '2025-06-01T09:00:00.000Z',
  tallyEnd: '2025-06-01T11:00:00.000Z',
  tallyCompanyCode: 'TALLY01',
  responsiblePerson: '李理货',
  ...over,
});
const vehicle = (over: Body = {}): Body => ({ ...common, plateNo: '滇N12345', driverName: '张师傅', driverIdNo: null, direction: 'exit', passTime: '2025-06-01T12:00:00.000Z', manifestNo: null, batchNo: 'RL2025001', lines: [], ...over });

let receiptSeq = 0;
const receipt = (docType: string, docNo: unknown, code: string, message = ''): ReceiptInput => ({ messageNo: `R-${process.pid}-${++receiptSeq}`, docType, docNo: String(docNo), functionCode: '2', code, message, receiptTime: new Date() });

async function created(resource: string, body: Body): Promise<Body> {
  const a = await api(resource).create(body);
  expect(a.body.msg, JSON.stringify(a.body)).toBe('新增成功');
  return a.body.data!;
}

describe('export arrival report', () => {
  it('is created as a draft with its number and bill lines', async () => {
    const data = await created('arrivalReport', arrival({ lines: [line(), line({ billNo: 'BL002', containerNo: '' })] }));
    expect(data).toMatchObject({ status: 'draft', arrivalTime: '2025-06-01T08:00:00.000Z', siteCode: 'CNRUL', lineCount: 2 });
    expect(String(data.docNo)).toMatch(/^AR\d{12}$/);
    expect(data.lines).toMatchObject([{ billNo: 'BL001', grossWeight: '250.5', pieces: 10 }, { billNo: 'BL002', containerNo: null }]);
  });

  it('requires the customs, the supervision site and the arrival time', async () => {
    expect((await api('arrivalReport').create(arrival({ customsCode: '' }))).body.msg).toBe('进出境口岸海关不能为空');
    expect((await api('arrivalReport').create(arrival({ siteCode: '' }))).body.msg).toBe('监管场所代码不能为空');
    expect((await api('arrivalReport').create(arrival({ arrivalTime: '' }))).body.msg).toBe('运抵时间不能为空');
  });

  it('checks its lines: bill number, numeric pieces and weight, container number format', async () => {
    expect((await api('arrivalReport').create(arrival({ lines: [line({ billNo: '' })] }))).body.msg).toBe('提单号不能为空');
    expect((await api('arrivalReport').create(arrival({ lines: [line({ pieces: 'ten' })] }))).body.msg).toBe('件数必须是数字');
    expect((await api('arrivalReport').create(arrival({ lines: [line({ grossWeight: '1,5' })] }))).body.msg).toBe('货物总毛重(千克)必须是数字');
    expect((await api('arrivalReport').create(arrival({ lines: [line({ containerNo: 'ABC' })] }))).body.msg).toBe('集装箱号格式不正确');
  });

  it('is refused submission without bill lines, submitted with them, then accepted and released by receipts', async () => {
    const empty = await created('arrivalReport', arrival({ lines: [] }));
    expect((await api('arrivalReport').transition('submit', [Number(empty.id)])).body.msg).toBe('请添加提单数据');
    const data = await created('arrivalReport', arrival());
    expect((await api('arrivalReport').transition('submit', [Number(data.id)])).body.data?.[0].status).toBe('submitted');
    const accepted = receipt('arrivalReport', data.docNo, 'ACCEPTED');
    expect((await applyReceipts(db.knex, targets, [accepted], 'test'))[0]).toMatchObject({ result: 'applied', status: 'accepted' });
    expect((await applyReceipts(db.knex, targets, [accepted], 'test'))[0].result).toBe('duplicate');
    expect((await applyReceipts(db.knex, targets, [receipt('arrivalReport', data.docNo, 'RELEASED')], 'test'))[0]).toMatchObject({ status: 'released' });
    expect((await api('arrivalReport').get(Number(data.id))).body.data?.status).toBe('released');
  });

  it('is refused editing and deletion once submitted', async () => {
    const data = await created('arrivalReport', arrival());
    await api('arrivalReport').transition('submit', [Number(data.id)]);
    expect((await api('arrivalReport').update(Number(data.id), { ...arrival(), version: 2 })).body.msg).toBe('已提交，无法编辑');
    expect((await api('arrivalReport').remove(Number(data.id))).body.msg).toBe('只有草稿状态才能删除');
    expect((await api('arrivalReport').transition('submit', [Number(data.id)])).body.msg).toBe('包含已提交的数据，无法提交');
  });
});

describe('export tally report', () => {
  it('requires the tally start/end time, tally company and responsible person', async () => {
    expect((await api('tallyReport').create(tally({ tallyStart: '' }))).body.msg).toBe('理货开始时间不能为空');
    expect((await api('tallyReport').create(tally({ tallyCompanyCode: '' }))).body.msg).toBe('理货公司代码不能为空');
    expect((await api('tallyReport').create(tally({ responsiblePerson: '' }))).body.msg).toBe('理货负责人不能为空');
    const data = await created('tallyReport', tally());
    expect(data).toMatchObject({ tallyStart: '2025-06-01T09:00:00.000Z', tallyEnd: '2025-06-01T11:00:00.000Z', tallyCompanyCode: 'TALLY01', responsiblePerson: '李理货' });
    expect(String(data.docNo)).toMatch(/^TR/);
  });

  it('refuses an end before the start, accepts an end equal to the start', async () => {
    const a = await api('tallyReport').create(tally({ tallyEnd: '2025-06-01T08:59:00.000Z' }));
    expect(a.body.msg).toBe('理货结束时间不能早于开始时间');
    expect(a.fieldErrors.tallyEnd).toBe('理货结束时间不能早于开始时间');
    expect((await api('tallyReport').create(tally({ tallyEnd: '2025-06-01T09:00:00.000Z' }))).status).toBe(200);
  });

  it('is rejected with customs’ reason and can then be corrected and resubmitted', async () => {
    const data = await created('tallyReport', tally());
    await api('tallyReport').transition('submit', [Number(data.id)]);
    await applyReceipts(db.knex, targets, [receipt('tallyReport', data.docNo, 'REJECTED', '件数与舱单不符')], 'test');
    const rejected = (await api('tallyReport').get(Number(data.id))).body.data!;
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '件数与舱单不符' });
    expect((await api('tallyReport').update(Number(data.id), { ...tally({ lines: [line({ pieces: 12 })] }), version: rejected.version })).body.msg).toBe('修改成功');
    expect((await api('tallyReport').transition('submit', [Number(data.id)])).body.data?.[0].status).toBe('submitted');
  });
});

describe('cargo vehicle entry and departure confirmation', () => {
  it('requires plate, driver, direction and crossing time; a direction is entry or exit', async () => {
    expect((await api('vehicleConfirm').create(vehicle({ plateNo: '' }))).body.msg).toBe('车牌号不能为空');
    expect((await api('vehicleConfirm').create(vehicle({ driverName: '' }))).body.msg).toBe('驾驶员不能为空');
    expect((await api('vehicleConfirm').create(vehicle({ direction: 'sideways' }))).body.msg).toBe('进出境方向格式不正确');
    expect((await api('vehicleConfirm').create(vehicle({ passTime: 'tomorrow' }))).body.msg).toBe('进出境时间格式不正确');
  });

  it('is submitted without bill lines (an empty truck), inspected, then released', async () => {
    const data = await created('vehicleConfirm', vehicle());
    expect(String(data.docNo)).toMatch(/^VC/);
    expect((await api('vehicleConfirm').transition('submit', [Number(data.id)])).body.data?.[0].status).toBe('submitted');
    const out = await applyReceipts(db.knex, targets, [receipt('vehicleConfirm', data.docNo, 'INSPECTION'), receipt('vehicleConfirm', data.docNo, 'RELEASED')], 'test');
    expect(out.map((o) => o.status)).toEqual(['inspection', 'released']);
    expect((await api('vehicleConfirm').get(Number(data.id))).body.data?.status).toBe('released');
  });

  it('is rejected from inspection', async () => {
    const data = await created('vehicleConfirm', vehicle({ direction: 'entry', lines: [line()] }));
    await api('vehicleConfirm').transition('submit', [Number(data.id)]);
    const out = await applyReceipts(db.knex, targets, [receipt('vehicleConfirm', data.docNo, 'INSPECTION'), receipt('vehicleConfirm', data.docNo, 'REJECTED', '车辆信息不符')], 'test');
    expect(out.map((o) => o.status)).toEqual(['inspection', 'rejected']);
  });

  it('answers 403 to a user without the permission', async () => {
    expect((await api('vehicleConfirm', 'trader').list()).status).toBe(403);
    expect((await api('arrivalReport', 'trader').create(arrival())).status).toBe(403);
    expect((await api('tallyReport', 'trader').transition('submit', [1])).status).toBe(403);
  });
});
