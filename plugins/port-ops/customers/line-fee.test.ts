// Lines and fee items through the REST API, on a database with the system and port-ops plugins
// only (finance absent): the allowed vehicle types, the loss tolerance, the lines' picker, the
// fee item's rate and currency, enabling and disabling, and who may change them.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import * as lookupRoute from '../../../app/routes/api.lookup.$name';
import { envelope, req, respond } from '../../../tests/support/http';
import system from '../../system';
import portops from '..';
import { linePayload } from './testing';

const db = setUpTestDb({ plugins: [system, portops], logins: ['operator', 'shipper'] });
const lines = (who: string) => resourceApi('portops', 'line', { cookie: db.cookies[who] });
const fees = (who: string) => resourceApi('portops', 'fee', { cookie: db.cookies[who] });

async function lookup(who: string, name: string): Promise<{ value: string; label: string; parent?: string }[]> {
  const body = await envelope(await respond(lookupRoute.loader, req(`/api/lookup/${name}`, { cookie: db.cookies[who] }), { name }));
  return body.data as { value: string; label: string; parent?: string }[];
}

describe('the pickers', () => {
  it('portops.customers offers the shipper only their own customer, the operator all', async () => {
    expect((await lookup('shipper', 'portops.customers')).map((o) => o.label)).toEqual(['瑞丽云海橡胶进出口有限公司']);
    expect((await lookup('operator', 'portops.customers')).length).toBeGreaterThanOrEqual(4);
  });

  it('the blacklist’s party picker offers the customers under the type customer', async () => {
    const options = await lookup('operator', 'portops.blacklistParties');
    expect(options.filter((o) => o.parent === 'customer').map((o) => o.label)).toContain('Muse Rubber Export Co.');
  });
});

describe('a line', () => {
  it('keeps its allowed vehicle types, transit hours and loss tolerance', async () => {
    const res = await lines('operator').create(linePayload({ vehicleTypes: ['tractor', 'containerTruck'], transitHours: '14', lossTolerance: '2.5' }));
    expect(res.code, res.msg).toBe(200);
    const got = (await lines('operator').get(Number(res.data.id))).data;
    expect(got).toEqual(expect.objectContaining({ vehicleTypes: ['tractor', 'containerTruck'], transitHours: '14', lossTolerance: '2.5', distanceKm: 90 }));
  });

  it('wants at least one known vehicle type', async () => {
    expect((await lines('operator').create(linePayload({ vehicleTypes: [] }))).fieldErrors.vehicleTypes).toBe('允许车型不能为空');
    expect((await lines('operator').create(linePayload({ vehicleTypes: ['spaceship'] }))).fieldErrors.vehicleTypes).toBe('允许车型格式不正确');
  });

  it('keeps the loss tolerance to at most 1000 ‰ with two decimals', async () => {
    expect((await lines('operator').create(linePayload({ lossTolerance: '1000.01' }))).fieldErrors.lossTolerance).toBe('合理损耗不能超过1000‰');
    expect((await lines('operator').create(linePayload({ lossTolerance: '1.005' }))).fieldErrors.lossTolerance).toBeTruthy();
    expect((await lines('operator').create(linePayload({ lossTolerance: '1000' }))).code).toBe(200);
  });

  it('wants a distance of at least 1 km and a unique name', async () => {
    expect((await lines('operator').create(linePayload({ distanceKm: 0 }))).fieldErrors.distanceKm).toBeTruthy();
    expect((await lines('operator').create(linePayload({ name: '瑞丽口岸→瑞丽姐告货场' }))).fieldErrors.name).toBeTruthy();
  });

  it('is offered by the portops.lines picker, the demo lines among them', async () => {
    const options = await lookup('operator', 'portops.lines');
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining(['曼德勒 Mandalay→木姐 Muse', '畹町口岸→芒市物流园']));
  });

  it('a line a contract prices cannot be deleted: refused as in use, and it stays', async () => {
    const used = await db.knex('ops_contract_line').first('line_id');
    const res = await lines('operator').remove(Number(used.line_id));
    expect(res).toMatchObject({ code: 500, msg: '数据正在被其他记录使用，不能删除' });
    expect(await db.knex('ops_line').where({ id: used.line_id }).first()).toBeDefined();
  });

  it('the shipper may not see or change lines (403)', async () => {
    expect((await lines('shipper').list()).status).toBe(403);
    expect((await lines('shipper').create(linePayload())).status).toBe(403);
  });
});

describe('a fee item (finance not installed: the rate is the item’s own)', () => {
  const fee = (over: Record<string, unknown> = {}) => ({ code: `F${Date.now() % 100000}`, name: '装车费', kind: 'loading', unit: 'tonne', rate: '8.5', currency: 'CNY', remark: null, ...over });

  it('is created enabled with its exact rate and currency', async () => {
    const res = await fees('operator').create(fee({ currency: 'MMK', rate: '15000' }));
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual(expect.objectContaining({ status: 'enabled', rate: '15000', currency: 'MMK' }));
  });

  it('wants a positive rate, a known kind, unit and currency, and a unique code', async () => {
    const bad = await fees('operator').create(fee({ rate: '0', kind: 'bribe', unit: 'bag', currency: 'EUR' }));
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(['currency', 'kind', 'rate', 'unit']);
    expect((await fees('operator').create(fee({ code: 'LOAD' }))).fieldErrors.code).toBeTruthy();
  });

  it('is disabled and enabled again; disabling a disabled one is refused with its message', async () => {
    const id = Number((await fees('operator').create(fee())).data.id);
    expect((await fees('operator').transition('disable', [id])).code).toBe(200);
    expect((await fees('operator').transition('disable', [id])).msg).toBe('只有启用的费用项可以停用');
    expect((await fees('operator').transition('enable', [id])).code).toBe(200);
    expect((await fees('shipper').transition('disable', [id])).status).toBe(403);
  });
});
