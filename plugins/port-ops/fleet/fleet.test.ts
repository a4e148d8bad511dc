// Fleet assets through the REST API on a fresh seeded database: the demo carriers and their
// logins, each validation rule (credit code, phone, plates of both countries, PRC ID / NRC /
// passport, the dangerous-goods licence), who sees and edits which record (a fleet's manager
// their own fleet, a driver themself, read-only), refusals without the permission, the
// suspend/resume transitions, the pickers, the vehicle's certificates, and an XLSX import.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { makeUser, resourceApi, type ApiAnswer } from '../../../tests/support/resource';
import { loginAs } from '../../../tests/support/session';
import { envelope, req, respond } from '../../../tests/support/http';
import { upload } from '../../../tests/support/files';
import { loader as lookupLoader } from '../../../app/routes/api.lookup.$name';
import { createScheduler, setScheduler, type JobScheduler } from '../../../core/jobs/scheduler.server';
import { withCreditCheck } from '../../../core/resource/identity';
import system from '../../system';
import { normalizePlate } from './plates';
import { driverPayload, fleetOnlyPortOps, fleetPayload, vehiclePayload } from './testing';

const db = setUpTestDb({ plugins: [system, fleetOnlyPortOps], registry: true, dataDir: true, logins: ['operator', 'fleet', 'driver', 'trader', 'admin'] });
const { cookies } = db;
const fleets = (who: string) => resourceApi('portops', 'fleet', { cookie: cookies[who] });
const vehicles = (who: string) => resourceApi('portops', 'vehicle', { cookie: cookies[who] });
const drivers = (who: string) => resourceApi('portops', 'driver', { cookie: cookies[who] });

const idOf = async (table: string, where: Record<string, unknown>) => Number((await db.knex(table).where(where).first('id')).id);
let shunda: number;
let muse: number;

beforeAll(async () => {
  shunda = await idOf('ops_fleet', { name: '瑞丽顺达物流车队' });
  muse = await idOf('ops_fleet', { name: 'Muse Golden Road Transport' });
});

const ok = <T>(a: ApiAnswer<T>) => {
  expect(a.body.code, a.msg).toBe(200);
  return a.data;
};

async function lookup(name: string, who: string) {
  return (await envelope(await respond(lookupLoader, req(`/api/lookup/${name}`, { cookie: cookies[who] }), { name }))).data as { value: string; label: string; parent?: string | null }[];
}

describe('the demo carriers', () => {
  it('seeds four fleets, Chinese- and Myanmar-plated trucks, drivers, and the two logins linked to 瑞丽顺达物流车队', async () => {
    const names = (await db.knex('ops_fleet').orderBy('id').select('name')).map((r) => r.name);
    expect(names).toEqual(['瑞丽顺达物流车队', '畹町边贸运输车队', 'Muse Golden Road Transport', 'Mandalay Shwe Logistics']);
    const plates = (await db.knex('ops_vehicle').select('plate_no', 'plate_country')).map((r) => `${r.plate_no}/${r.plate_country}`);
    expect(plates).toEqual(expect.arrayContaining(['云N·A1234/CN', '云N·B5678/CN', 'MDY 2B-1234/MM', 'YGN 5C-6789/MM', '9L-1234/MM']));
    const fleetUser = await db.knex('sys_user').where({ username: 'fleet' }).first();
    expect((await db.knex('ops_fleet').where({ id: shunda }).first()).user_id).toBe(fleetUser.id);
    const driverUser = await db.knex('sys_user').where({ username: 'driver' }).first();
    const driver = await db.knex('ops_driver').where({ user_id: driverUser.id }).first();
    expect(driver).toMatchObject({ name: '李建国', fleet_id: shunda });
    for (const [username, code] of [['fleet', 'FLEET'], ['driver', 'DRIVER']]) {
      const roles = await db.knex('sys_user_role').join('sys_role', 'sys_role.id', 'sys_user_role.role_id').join('sys_user', 'sys_user.id', 'sys_user_role.user_id').where('sys_user.username', username).pluck('sys_role.code');
      expect(roles).toEqual([code]);
    }
  });

  it('grants FLEET the three screens and DRIVER only the driver screen, read-only', async () => {
    const grants = async (code: string) => {
      const role = await db.knex('sys_role').where({ code }).first();
      return {
        menus: (await db.knex('sys_role_menu').where({ role_id: role.id }).pluck('menu_key')).sort(),
        permissions: (await db.knex('sys_role_permission').where({ role_id: role.id }).pluck('permission_code')).sort(),
      };
    };
    expect((await grants('FLEET')).menus).toEqual(['fleetassets', 'fleetassets.carinfo', 'fleetassets.driverinfo', 'fleetassets.fleetinfo']);
    expect((await grants('FLEET')).permissions).toEqual(expect.arrayContaining(['portops:fleet:list', 'portops:fleet:edit', 'portops:vehicle:add', 'portops:driver:status']));
    expect((await grants('FLEET')).permissions).not.toContain('portops:fleet:add');
    expect(await grants('DRIVER')).toEqual({ menus: ['fleetassets', 'fleetassets.driverinfo'], permissions: ['portops:driver:list'] });
  });

  it('has one vehicle whose insurance has run out and one driver whose licence runs out in 10 days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const v = await db.knex('ops_vehicle').where({ plate_no: '云N·A3721' }).first();
    expect(String(v.insurance_expiry instanceof Date ? v.insurance_expiry.toISOString() : v.insurance_expiry).slice(0, 10) < today).toBe(true);
    const d = await db.knex('ops_driver').where({ name: '张卫东' }).first();
    const left = Math.round((Date.parse(String(d.licence_expiry instanceof Date ? d.licence_expiry.toISOString() : d.licence_expiry).slice(0, 10)) - Date.parse(today)) / 86_400_000);
    expect(left).toBe(10);
  });
});

describe('fleet validation', () => {
  it('takes a fleet with a valid credit code and phone, and refuses a duplicate credit code', async () => {
    const created = ok(await fleets('operator').create(fleetPayload()));
    expect(created).toMatchObject({ name: '芒市腾达运输车队', status: 'normal', dgLicensed: false });
    const again = await fleets('operator').create(fleetPayload({ name: '另一个车队' }));
    expect(again.fieldErrors.creditCode).toBe('该统一社会信用代码已登记');
  });

  it('refuses a credit code whose check character is wrong, or that is not 18 characters', async () => {
    const good = withCreditCheck('91533103MA6P4W9K3');
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    for (const creditCode of [wrong, '91533103MA6P4W9K', 'ABC']) {
      const res = await fleets('operator').create(fleetPayload({ name: `车队${creditCode}`, creditCode }));
      expect(res.fieldErrors.creditCode).toBe('统一社会信用代码格式不正确（18位，校验位不符）');
    }
    expect(await db.knex('ops_fleet').where({ credit_code: wrong }).first()).toBeUndefined();
  });

  it('takes Chinese mobiles and landlines and Myanmar mobiles, refuses anything else', async () => {
    const phones = ['0692-4141234', '09420012345', '+959250112233'];
    for (const [i, phone] of phones.entries()) ok(await fleets('operator').create(fleetPayload({ name: `电话车队${i}`, creditCode: withCreditCheck(`9153310${i}MA6P4W9K4`), phone })));
    for (const phone of ['12345', '1398877123', 'abc-phone']) {
      const res = await fleets('operator').create(fleetPayload({ name: '电话错误车队', creditCode: withCreditCheck('91533109MA6P4W9K5'), phone }));
      expect(res.fieldErrors.phone).toBe('请输入正确的手机号或座机号');
    }
  });

  it('requires the number and expiry of a dangerous-goods licence the fleet holds, and drops them when it holds none', async () => {
    const res = await fleets('operator').create(fleetPayload({ name: '危运车队', creditCode: withCreditCheck('91533103MA6P4W9K6'), dgLicensed: true }));
    expect(res.fieldErrors).toMatchObject({ dgLicenceNo: '有危险货物运输资质时，许可证号不能为空', dgLicenceExpiry: '有危险货物运输资质时，有效期不能为空' });
    const without = ok(await fleets('operator').create(fleetPayload({ name: '普货车队', creditCode: withCreditCheck('91533103MA6P4W9K7'), dgLicenceNo: 'WX-1', dgLicenceExpiry: '2030-01-01' })));
    expect(without).toMatchObject({ dgLicenceNo: null, dgLicenceExpiry: null });
  });

  it('keeps a fleet name 3-100 characters (SPEC §5 company names)', async () => {
    const res = await fleets('operator').create(fleetPayload({ name: '车队', creditCode: withCreditCheck('91533103MA6P4W9K8') }));
    expect(res.fieldErrors.name).toBe('车队名称长度为3到100个字符');
  });
});

describe('number plates', () => {
  it('reads Chinese plates with or without the dot, new-energy and trailer plates, and Myanmar plates with or without the region', () => {
    expect(normalizePlate('云N·A1234')).toEqual({ plate: '云N·A1234', country: 'CN' });
    expect(normalizePlate('云na1234')).toEqual({ plate: '云N·A1234', country: 'CN' });
    expect(normalizePlate('云N D12345')).toEqual({ plate: '云N·D12345', country: 'CN' });
    expect(normalizePlate('云N·A123挂')).toEqual({ plate: '云N·A123挂', country: 'CN' });
    expect(normalizePlate('MDY 2B-1234')).toEqual({ plate: 'MDY 2B-1234', country: 'MM' });
    expect(normalizePlate('ygn  5c - 6789')).toEqual({ plate: 'YGN 5C-6789', country: 'MM' });
    expect(normalizePlate('9L-1234')).toEqual({ plate: '9L-1234', country: 'MM' });
  });

  it('refuses what is neither kind', () => {
    for (const p of ['AB1234', '云N·A12', '云N·AI234', '港A·12345', 'MDY 2B1234', 'XYZ 2B-1234', 'MDY 2B-123', '云NA1234567']) expect(normalizePlate(p), p).toBeNull();
  });

  it('stores a plate in its one written form with its country, and refuses the same plate typed another way', async () => {
    const cn = ok(await vehicles('operator').create(vehiclePayload(shunda, { plateNo: '云nk6002' })));
    expect(cn).toMatchObject({ plateNo: '云N·K6002', plateCountry: 'CN', ratedLoad: '18.5' });
    const mm = ok(await vehicles('operator').create(vehiclePayload(muse, { plateNo: 'shn 7e-2020' })));
    expect(mm).toMatchObject({ plateNo: 'SHN 7E-2020', plateCountry: 'MM' });
    expect((await vehicles('operator').create(vehiclePayload(shunda, { plateNo: '云NA1234' }))).fieldErrors.plateNo).toBe('该车牌号已登记');
    const bad = await vehicles('operator').create(vehiclePayload(shunda, { plateNo: 'MDY-2B-12345' }));
    expect(bad.fieldErrors.plateNo).toBe('车牌号格式不正确（中国车牌如 云N·A1234，缅甸车牌如 MDY 2B-1234）');
  });

  it('checks the vehicle type, axles, rated load and dates', async () => {
    const res = await vehicles('operator').create(vehiclePayload(shunda, { plateNo: '云N·K6003', vehicleType: 'bus', axles: 12, ratedLoad: '-3', insuranceExpiry: '30/06/2030' }));
    expect(Object.keys(res.fieldErrors).sort()).toEqual(['axles', 'insuranceExpiry', 'ratedLoad', 'vehicleType']);
  });
});

describe('driver identity', () => {
  it('takes a PRC ID with its check digit, a Myanmar NRC and a passport', async () => {
    ok(await drivers('operator').create(driverPayload(shunda)));
    ok(await drivers('operator').create(driverPayload(muse, { name: 'Min Thu', idType: 'mmNrc', idNo: '13/MaSaNa(N)204519', phone: '09420012346' })));
    ok(await drivers('operator').create(driverPayload(muse, { name: 'Ko Ko', idType: 'passport', idNo: 'MD7654321', phone: '09420012347' })));
  });

  it('refuses a PRC ID with a wrong check digit, a malformed NRC and a passport with symbols, each with its message', async () => {
    const cases: [string, string, string][] = [
      ['prcId', '533102198807160315', '身份证号码不正确'],
      ['prcId', '53310219880716031', '身份证号码不正确'],
      ['mmNrc', '13/MaSaNa204519', '缅甸国民登记证号码格式不正确（如 12/MaYaKa(N)123456）'],
      ['mmNrc', '15/MaSaNa(N)204519', '缅甸国民登记证号码格式不正确（如 12/MaYaKa(N)123456）'],
      ['passport', 'MD-76#54', '护照号码格式不正确'],
    ];
    for (const [idType, idNo, message] of cases) {
      const res = await drivers('operator').create(driverPayload(shunda, { name: '错证司机', idType, idNo }));
      expect(res.fieldErrors.idNo, idNo).toBe(message);
    }
    expect(await db.knex('ops_driver').where({ name: '错证司机' }).first()).toBeUndefined();
  });

  it('refuses a wrong phone and an unknown licence class', async () => {
    const res = await drivers('operator').create(driverPayload(shunda, { name: '赵六', idNo: '533102199001011234', phone: '0123', licenceClass: 'Z9' }));
    expect(res.fieldErrors).toMatchObject({ phone: '请输入正确的手机号或座机号', licenceClass: '准驾车型格式不正确' });
  });
});

describe('data scope', () => {
  it('shows a fleet manager only their own fleet, its vehicles and its drivers; the platform sees all', async () => {
    const own = ok(await fleets('fleet').list({ pageSize: 100 })).rows;
    expect(own.map((r) => r.name)).toEqual(['瑞丽顺达物流车队']);
    const theirVehicles = ok(await vehicles('fleet').list({ pageSize: 100 })).rows;
    expect(theirVehicles.length).toBeGreaterThan(0);
    expect(new Set(theirVehicles.map((r) => r.fleetId))).toEqual(new Set([shunda]));
    const theirDrivers = ok(await drivers('fleet').list({ pageSize: 100 })).rows;
    expect(new Set(theirDrivers.map((r) => r.fleetId))).toEqual(new Set([shunda]));
    const all = ok(await vehicles('operator').list({ pageSize: 100 })).rows;
    expect(new Set(all.map((r) => r.fleetId)).size).toBe(4);
    expect(all.map((r) => r.plateNo)).toEqual(expect.arrayContaining(['云N·A1234', 'MDY 2B-1234', 'SHN 3C-4521']));
  });

  it("answers 404 to a fleet manager reading, editing, deleting or suspending another fleet's vehicle, and changes nothing", async () => {
    const other = await db.knex('ops_vehicle').where({ plate_no: 'MDY 2B-1234' }).first();
    expect((await vehicles('fleet').get(other.id)).status).toBe(404);
    expect((await vehicles('fleet').update(other.id, { ...vehiclePayload(shunda, { plateNo: 'MDY 2B-1234' }), version: other.version })).status).toBe(404);
    expect((await vehicles('fleet').remove(other.id)).status).toBe(404);
    expect((await vehicles('fleet').transition('suspend', [other.id], '抢车')).status).toBe(404);
    expect((await fleets('fleet').get(muse)).status).toBe(404);
    expect(await db.knex('ops_vehicle').where({ id: other.id }).first()).toMatchObject({ fleet_id: other.fleet_id, status: 'normal', version: other.version });
  });

  it('lets a fleet manager add vehicles and drivers only under their own fleet', async () => {
    const mine = ok(await vehicles('fleet').create(vehiclePayload(shunda, { plateNo: '云N·K7001' })));
    expect(mine.fleetId).toBe(shunda);
    const elsewhere = await vehicles('fleet').create(vehiclePayload(muse, { plateNo: '云N·K7002' }));
    expect(elsewhere.fieldErrors.fleetId).toBe('只能登记在本车队名下');
    const moved = await vehicles('fleet').update(Number(mine.id), { ...vehiclePayload(muse, { plateNo: '云N·K7001' }), version: mine.version });
    expect(moved.fieldErrors.fleetId).toBe('只能登记在本车队名下');
    const driver = await drivers('fleet').create(driverPayload(muse, { name: '外队司机', idNo: '533102199001011234' }));
    expect(driver.fieldErrors.fleetId).toBe('只能登记在本车队名下');
    expect(await db.knex('ops_vehicle').where({ plate_no: '云N·K7002' }).first()).toBeUndefined();
  });

  it("lets a fleet manager edit their fleet's record but not re-link its login, create fleets or suspend their own", async () => {
    const row = ok(await fleets('fleet').get(shunda));
    const edited = ok(await fleets('fleet').update(shunda, { ...row, contact: '刘顺', userId: null, version: row.version }));
    expect(edited).toMatchObject({ contact: '刘顺', userId: row.userId });
    expect((await fleets('fleet').create(fleetPayload({ name: '自建车队', creditCode: withCreditCheck('91533103MA6P4W9L1') }))).status).toBe(403);
    expect((await fleets('fleet').transition('suspend', [shunda], '自停')).status).toBe(403);
  });

  it('shows a driver only their own record, read-only, and no vehicles', async () => {
    const rows = ok(await drivers('driver').list({ pageSize: 100 })).rows;
    expect(rows.map((r) => r.name)).toEqual(['李建国']);
    const other = await db.knex('ops_driver').where({ name: '张卫东' }).first();
    expect((await drivers('driver').get(other.id)).status).toBe(404);
    const self = rows[0];
    expect((await drivers('driver').update(Number(self.id), { ...self, phone: '13900000000' })).status).toBe(403);
    expect((await vehicles('driver').list()).status).toBe(403);
  });

  it('shows a FLEET or DRIVER user whose login no record is linked to nothing at all', async () => {
    for (const code of ['FLEET', 'DRIVER']) {
      const role = await db.knex('sys_role').where({ code }).first();
      const u = await makeUser(db.knex, { roleIds: [role.id] });
      cookies[u.username] = await loginAs(u.username);
      expect(ok(await drivers(u.username).list()).rows).toEqual([]);
      // The picker of what each may read (a DRIVER reads drivers, not vehicles) offers nothing either.
      expect(await lookup(code === 'FLEET' ? 'portops.vehicles' : 'portops.drivers', u.username)).toEqual([]);
    }
  });

  it('narrows the pickers the same way', async () => {
    expect((await lookup('portops.fleets', 'fleet')).map((o) => o.label)).toEqual(['瑞丽顺达物流车队']);
    expect((await lookup('portops.fleets', 'operator')).length).toBeGreaterThanOrEqual(4);
    const plates = await lookup('portops.vehicles', 'fleet');
    expect(plates.every((o) => o.parent === String(shunda))).toBe(true);
    expect(plates.map((o) => o.label)).toContain('云N·A1234');
    expect((await lookup('portops.drivers', 'driver')).map((o) => o.label)).toEqual(['李建国 (A2)']);
    // The logins holding the FLEET role (the demo's and the one made above), no one else.
    const logins = (await lookup('portops.fleetUsers', 'operator')).map((o) => o.label);
    expect(logins).toContain('顺达车队调度 (fleet)');
    expect(logins).toHaveLength(2);
    expect((await lookup('portops.driverUsers', 'operator')).map((o) => o.label)).toContain('李建国 (driver)');
  });
});

describe('permissions', () => {
  it('refuses a user without the fleet screens (403) on every resource', async () => {
    for (const api of [fleets('trader'), vehicles('trader'), drivers('trader')]) expect((await api.list()).status).toBe(403);
    expect((await vehicles('trader').create(vehiclePayload(shunda, { plateNo: '云N·K8001' }))).status).toBe(403);
  });

  it('refuses to delete a fleet that still has vehicles or drivers', async () => {
    const res = await fleets('operator').remove(muse);
    expect(res.msg).toBe('该车队下还有车辆或司机，不能删除');
    expect(await db.knex('ops_fleet').where({ id: muse }).first()).toBeDefined();
  });
});

describe('suspending and resuming', () => {
  it('suspends a vehicle with its reason and resumes it; refuses resuming one in service with the message', async () => {
    const v = await db.knex('ops_vehicle').where({ plate_no: '云N·B5678' }).first();
    const noReason = await vehicles('fleet').transition('suspend', [v.id]);
    expect(noReason.fieldErrors.statusNote).toBe('停用原因不能为空');
    const [suspended] = ok(await vehicles('fleet').transition('suspend', [v.id], '轮胎更换'));
    expect(suspended).toMatchObject({ status: 'suspended', statusNote: '轮胎更换' });
    const [resumed] = ok(await vehicles('fleet').transition('resume', [v.id]));
    expect(resumed.status).toBe('normal');
    expect((await vehicles('fleet').transition('resume', [v.id])).msg).toBe('只有停用状态的记录才能启用');
  });
});

describe("a vehicle's certificates", () => {
  const uploaded = async (who: string, name: string) => {
    const up = await upload(cookies[who], 'portops.vehicle', name);
    expect(up.body.code, up.body.msg).toBe(200);
    return up.body.data as { id: number };
  };

  it('attaches the insurance and inspection certificates uploaded for it', async () => {
    const ins = await uploaded('fleet', '保险单.pdf');
    const insp = await uploaded('fleet', '年检.pdf');
    const v = ok(await vehicles('fleet').create(vehiclePayload(shunda, { plateNo: '云N·K9001', insuranceFileId: ins.id, inspectionFileId: insp.id })));
    expect(v.insuranceFile).toEqual({ id: ins.id, name: '保险单.pdf' });
    expect(v.inspectionFile).toEqual({ id: insp.id, name: '年检.pdf' });
    // Another user's upload is not theirs to attach.
    const foreign = await uploaded('operator', '别人的.pdf');
    const refused = await vehicles('fleet').create(vehiclePayload(shunda, { plateNo: '云N·K9002', insuranceFileId: foreign.id }));
    expect(refused.body.code).not.toBe(200);
    expect(await db.knex('ops_vehicle').where({ plate_no: '云N·K9002' }).first()).toBeUndefined();
  });
});

describe('XLSX import', () => {
  let scheduler: JobScheduler;
  beforeAll(() => {
    scheduler = createScheduler(db.registry, { knex: db.knex });
    setScheduler(scheduler);
    return async () => {
      await scheduler.close();
      setScheduler(undefined);
    };
  });

  async function importXlsx(resource: string, rows: unknown[][], who: string) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    for (const r of rows) ws.addRow(r);
    const data = new Uint8Array(await wb.xlsx.writeBuffer());
    const { action } = await import('../../../app/routes/api.$plugin.$resource.import');
    const { loader } = await import('../../../app/routes/api.core.imports.$id');
    const form = new FormData();
    form.append('file', new Blob([data]), `${resource}.xlsx`);
    const res = await respond(action, new Request(`http://localhost/api/portops/${resource}/import`, { method: 'POST', body: form, headers: { Cookie: cookies[who], 'x-port-client-ip': '10.0.0.7', Origin: 'http://localhost' } }), { plugin: 'portops', resource });
    const body = await envelope(res);
    expect(body.code, body.msg).toBe(200);
    const id = (body.data as { importId: number }).importId;
    for (let i = 0; i < 600; i++) {
      const s = (await envelope(await respond(loader, req(`/api/core/imports/${id}`, { cookie: cookies[who] }), { id: String(id) }))).data as { status: string; inserted: number; failed: number; message: string };
      if (s.status === 'done' || s.status === 'failed') return { ...s, id };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  it("imports a fleet manager's vehicles from XLSX by the column titles, fleet by name and type by label", async () => {
    const s = await importXlsx(
      'vehicle',
      [
        ['车牌号', '车辆类型', '轴数', '核定载质量(吨)', '所属车队', '行驶证号', '保险到期日', '年检到期日'],
        ['云N·M1001', '牵引车（半挂）', 6, 35, '瑞丽顺达物流车队', '533100030001', '2030-05-01', '2030-04-01'],
        ['MDY 4C-5005', '厢式货车', 3, 17.5, '瑞丽顺达物流车队', 'RTAD-MDY-20250005', new Date(Date.UTC(2030, 6, 1)), '2030-08-01'],
      ],
      'fleet',
    );
    expect(s, s.message).toMatchObject({ status: 'done', inserted: 2, failed: 0 });
    const rows = await db.knex('ops_vehicle').whereIn('plate_no', ['云N·M1001', 'MDY 4C-5005']).orderBy('plate_no');
    expect(rows.map((r) => [r.plate_no, r.plate_country, r.vehicle_type, Number(r.fleet_id), r.status])).toEqual([
      ['MDY 4C-5005', 'MM', 'box', shunda, 'normal'],
      ['云N·M1001', 'CN', 'tractor', shunda, 'normal'],
    ]);
  });

  it("refuses the whole file when a row is bad (another fleet's name is not among a fleet manager's choices, a bad plate)", async () => {
    const s = await importXlsx(
      'vehicle',
      [
        ['车牌号', '车辆类型', '轴数', '核定载质量(吨)', '所属车队', '行驶证号', '保险到期日', '年检到期日'],
        ['云N·M2001', '自卸车', 3, 16, '瑞丽顺达物流车队', '533100030002', '2030-05-01', '2030-04-01'],
        ['云N·M2002', '自卸车', 3, 16, 'Muse Golden Road Transport', '533100030003', '2030-05-01', '2030-04-01'],
        ['ABC-1', '自卸车', 3, 16, '瑞丽顺达物流车队', '533100030004', '2030-05-01', '2030-04-01'],
      ],
      'fleet',
    );
    expect(s).toMatchObject({ status: 'done', inserted: 0, failed: 2 });
    expect(await db.knex('ops_vehicle').where('plate_no', 'like', '云N·M200%').first()).toBeUndefined();
  });

  it('imports drivers and fleets for the platform', async () => {
    const d = await importXlsx(
      'driver',
      [
        ['司机姓名', '证件类型', '证件号码', '准驾车型', '驾驶证号', '驾驶证有效期至', '联系电话', '所属车队'],
        ['Hla Myint', '缅甸国民登记证(NRC)', '9/MaHaMa(N)100200', 'A2', 'MM-MDY-0100200', '2031-01-31', '09797002200', 'Mandalay Shwe Logistics'],
      ],
      'operator',
    );
    expect(d, d.message).toMatchObject({ status: 'done', inserted: 1 });
    const f = await importXlsx(
      'fleet',
      [
        ['车队名称', '统一社会信用代码', '联系人', '联系电话', '地址', '道路运输经营许可证号', '危险货物运输资质'],
        ['腊戌通达运输队', withCreditCheck('91533102MA7D9H2J4'), 'U Tun Tun', '09797003300', 'Lashio, Northern Shan State', 'RTAD-LSO-2024-0033', '否'],
      ],
      'operator',
    );
    expect(f, f.message).toMatchObject({ status: 'done', inserted: 1 });
    expect(await db.knex('ops_fleet').where({ name: '腊戌通达运输队' }).first()).toMatchObject({ status: 'normal' });
  });
});
