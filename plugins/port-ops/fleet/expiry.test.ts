// The papers a dispatch depends on, tested directly with hand-made rows and dates: which
// licence class fits which vehicle, why expiryRefusal refuses a vehicle and a driver on a given
// day (and that a paper is valid through its expiry date), and the daily reminder: its cron,
// and its output through the scheduler on the demo data and on hand-made dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { setUpTestDb } from '../../../tests/support/suite';
import { createScheduler, setScheduler, type JobScheduler } from '../../../core/jobs/scheduler.server';
import { isValidCron } from '../../../core/jobs/cron';
import system from '../../system';
import { LICENCE_CLASSES, VEHICLE_TYPES } from './fleet';
import { expiringPapers, expiryRefusal, licenceFits, reminderText } from './expiry.server';
import { expiryReminderJob } from '.';
import { fleetOnlyPortOps, translator } from './testing';

const db = setUpTestDb({ plugins: [system, fleetOnlyPortOps], registry: true });
let zh: TFunction;
let en: TFunction;
let scheduler: JobScheduler;

beforeAll(() => {
  zh = translator(db.registry, 'zh');
  en = translator(db.registry, 'en');
  scheduler = createScheduler(db.registry, { knex: db.knex });
  setScheduler(scheduler);
});
afterAll(async () => {
  await scheduler?.close();
  setScheduler(undefined);
});

describe('licenceFits', () => {
  it('lets only A2 drive a tractor or container truck, A1/A2/B2 a heavy rigid truck, and also A3/B1/C1 a light truck', () => {
    const fits = (type: string) => LICENCE_CLASSES.filter((c) => licenceFits(c, type));
    expect(fits('tractor')).toEqual(['A2']);
    expect(fits('container')).toEqual(['A2']);
    for (const type of ['box', 'flatbed', 'tanker', 'dump']) expect(fits(type), type).toEqual(['A1', 'A2', 'B2']);
    expect(fits('light')).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'C1']);
    expect(VEHICLE_TYPES.every((type) => !licenceFits('C2', type))).toBe(true);
    expect(licenceFits('A2', 'spaceship')).toBe(false);
    expect(licenceFits('Z9', 'box')).toBe(false);
  });
});

describe('the daily reminder on the demo data', () => {
  it('runs on a cron the engine accepts, every morning', () => {
    expect(isValidCron(expiryReminderJob.cron)).toBe(true);
    expect(expiryReminderJob.cron).toBe('0 0 7 * * *');
  });

  it("lists the expired insurance, the licence running out in 10 days and the other papers within 30 days, in the job log", async () => {
    const run = await scheduler.runOnce('portops.fleetExpiryReminder');
    expect(run.status).toBe('success');
    const log = await db.knex('sys_job_log').where({ id: run.logId }).first();
    const today = new Date();
    const day = (n: number) => new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + n)).toISOString().slice(0, 10);
    expect(log.message.split('\n')).toEqual([
      '30 天内到期或已过期的证件共 4 份：',
      `车辆保险｜云N·A3721（瑞丽顺达物流车队）已于 ${day(-5)} 过期 5 天`,
      `驾驶证｜张卫东（瑞丽顺达物流车队）于 ${day(10)} 到期，还剩 10 天`,
      `车辆年检｜云N·C2468（畹町边贸运输车队）于 ${day(20)} 到期，还剩 20 天`,
      `危险货物运输许可证｜畹町边贸运输车队（畹町边贸运输车队）于 ${day(25)} 到期，还剩 25 天`,
    ]);
  });
});

describe('on hand-made rows and dates', () => {
  const ids = { fleet: 0, other: 0, tractor: 0, box: 0, expiredIns: 0, expiredInsp: 0, a2: 0, b2: 0, expiredLic: 0, otherDriver: 0 };
  const stamp = { created_at: new Date(), updated_at: new Date(), version: 1 };

  beforeAll(async () => {
    // Only these rows: the demo's are relative to today.
    await db.knex('ops_driver').delete();
    await db.knex('ops_vehicle').delete();
    await db.knex('ops_fleet').delete();
    const fleet = async (name: string, extra: Record<string, unknown> = {}) =>
      Number((await db.knex('ops_fleet').insert({ name, credit_code: name.padEnd(18, '0').slice(0, 18), contact: '测', phone: '13900000000', address: '瑞丽', transport_licence_no: 'T-000001', dg_licensed: false, status: 'normal', ...stamp, ...extra }))[0]);
    const vehicle = async (plate: string, fleetId: number, vehicleType: string, insurance: string, inspection: string) =>
      Number((await db.knex('ops_vehicle').insert({ plate_no: plate, plate_country: 'CN', vehicle_type: vehicleType, axles: 3, rated_load: '20', fleet_id: fleetId, licence_no: 'L0001', insurance_expiry: insurance, inspection_expiry: inspection, status: 'normal', ...stamp }))[0]);
    const driver = async (name: string, fleetId: number, licenceClass: string, expiry: string) =>
      Number((await db.knex('ops_driver').insert({ name, id_type: 'passport', id_no: `P${name}`, licence_class: licenceClass, licence_no: 'D00001', licence_expiry: expiry, phone: '13900000001', fleet_id: fleetId, status: 'normal', ...stamp }))[0]);
    ids.fleet = await fleet('手工车队', { dg_licensed: true, dg_licence_no: 'WX-9', dg_licence_expiry: '2030-02-10' });
    ids.other = await fleet('另一车队');
    ids.tractor = await vehicle('云N·T0001', ids.fleet, 'tractor', '2030-12-31', '2030-12-31');
    ids.box = await vehicle('云N·T0002', ids.fleet, 'box', '2030-01-15', '2030-12-31');
    ids.expiredIns = await vehicle('云N·T0003', ids.fleet, 'box', '2030-01-14', '2030-12-31');
    ids.expiredInsp = await vehicle('云N·T0004', ids.fleet, 'box', '2030-12-31', '2030-01-10');
    ids.a2 = await driver('甲', ids.fleet, 'A2', '2031-01-01');
    ids.b2 = await driver('乙', ids.fleet, 'B2', '2030-01-15');
    ids.expiredLic = await driver('丙', ids.fleet, 'A2', '2030-01-14');
    ids.otherDriver = await driver('丁', ids.other, 'A2', '2031-01-01');
  });

  const refusal = (vehicleId: number | null, driverId: number | null, on: string | Date = '2030-01-15', t = zh) => expiryRefusal(db.knex, t, { vehicleId, driverId, on });

  it('lets a vehicle and driver with valid papers and a fitting licence go, also on the last day of a paper', async () => {
    expect(await refusal(ids.tractor, ids.a2)).toBeNull();
    expect(await refusal(ids.box, ids.b2)).toBeNull();
    expect(await refusal(ids.box, ids.b2, new Date(2030, 0, 15, 18, 30))).toBeNull();
  });

  it('refuses an expired insurance, inspection or licence from the day after its date, with the translated reason', async () => {
    expect(await refusal(ids.expiredIns, ids.a2)).toBe('车辆 云N·T0003 的保险已于 2030-01-14 到期，不能派车');
    expect(await refusal(ids.expiredInsp, null)).toBe('车辆 云N·T0004 的年检已于 2030-01-10 到期，不能派车');
    expect(await refusal(null, ids.expiredLic)).toBe('司机 丙 的驾驶证已于 2030-01-14 到期，不能派车');
    expect(await refusal(ids.box, ids.b2, '2030-01-16')).toBe('车辆 云N·T0002 的保险已于 2030-01-15 到期，不能派车');
    expect(await refusal(ids.expiredIns, null, '2030-01-16', en)).toBe('The insurance of vehicle 云N·T0003 expired on 2030-01-14; it cannot be dispatched');
  });

  it("refuses a driver whose licence class does not fit the vehicle, and a driver of another fleet", async () => {
    expect(await refusal(ids.tractor, ids.b2)).toBe('司机 乙 的准驾车型 B2 不能驾驶牵引车（半挂）');
    expect(await refusal(ids.tractor, ids.otherDriver)).toBe('司机 丁 与车辆 云N·T0001 不属于同一车队');
  });

  it('refuses suspended records and unknown ids', async () => {
    await db.knex('ops_vehicle').where({ id: ids.tractor }).update({ status: 'suspended' });
    expect(await refusal(ids.tractor, ids.a2)).toBe('车辆 云N·T0001 已停用，不能派车');
    await db.knex('ops_vehicle').where({ id: ids.tractor }).update({ status: 'normal' });
    await db.knex('ops_fleet').where({ id: ids.fleet }).update({ status: 'suspended' });
    expect(await refusal(ids.tractor, ids.a2)).toBe('车队「手工车队」已停用，不能派车');
    await db.knex('ops_fleet').where({ id: ids.fleet }).update({ status: 'normal' });
    expect(await refusal(999_999, null)).toBe('车辆不存在');
    expect(await refusal(null, 999_999)).toBe('司机不存在');
  });

  it('lists the papers expired or expiring within 30 days of a day, soonest first, and says so when there are none', async () => {
    const papers = await expiringPapers(db.knex, '2030-01-15');
    expect(papers.map((p) => [p.kind, p.holder, p.expiry, p.daysLeft])).toEqual([
      ['inspection', '云N·T0004', '2030-01-10', -5],
      ['insurance', '云N·T0003', '2030-01-14', -1],
      ['licence', '丙', '2030-01-14', -1],
      ['insurance', '云N·T0002', '2030-01-15', 0],
      ['licence', '乙', '2030-01-15', 0],
      ['dgLicence', '手工车队', '2030-02-10', 26],
    ]);
    expect(reminderText(zh, papers).split('\n')[0]).toBe('30 天内到期或已过期的证件共 6 份：');
    expect(reminderText(en, papers.slice(5))).toBe('1 document(s) expired or expiring within 30 days:\nDangerous goods licence | 手工车队 (手工车队) expires on 2030-02-10, 26 day(s) left');
    expect(await expiringPapers(db.knex, '2029-06-01')).toEqual([]);
    expect(reminderText(zh, [])).toBe('30 天内没有到期的证件');
  });
});
