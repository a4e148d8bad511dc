// Demo fleets at Ruili/Wanding and across the border at Muse and Mandalay, with Chinese- and
// Myanmar-plated trucks and their drivers, written by the platform operator through the same
// services as the screens. Dates are relative to the day of seeding so that one vehicle's
// insurance has run out and one driver's licence runs out in 10 days (the reminder and a
// refused dispatch show them). The carriers' logins: `fleet` (顺达's dispatcher) and `driver`.
import type { Knex } from 'knex';
import { createRow, demoActor, demoDataSeed, seedDemoLogins, transitionRows } from '@core/server';
import { isoDay, withCreditCheck, withIdCheck, type Seed } from '@core/shared';
import { DRIVER_ROLE, FLEET_ROLE } from './fleet';
import { driverResource, fleetResource, vehicleResource } from './fleet.server';
import { addDays } from './expiry.server';

/** The carriers' roles and their two demo logins (once per database; the administrator owns them after). */
export const fleetLoginsSeed: Seed = {
  name: 'fleet-logins',
  once: true,
  async run(knex, password) {
    const company = '瑞丽顺达物流车队';
    await seedDemoLogins(
      knex,
      password,
      [
        { code: FLEET_ROLE, name: '车队', remark: '车队调度：本车队的车辆与司机', orderNum: 30 },
        { code: DRIVER_ROLE, name: '司机', remark: '司机：本人的司机档案', orderNum: 31 },
      ],
      [
        { username: 'fleet', nickname: '顺达车队调度', userType: 3, roles: [FLEET_ROLE], company, mobile: '13988120001' },
        { username: 'driver', nickname: '李建国', userType: 3, roles: [DRIVER_ROLE], company, mobile: '13988120002' },
      ],
    );
  },
};

const userId = async (knex: Knex, username: string) => {
  const row = await knex('sys_user').where({ username }).first('id');
  return row ? Number(row.id) : null;
};

export const fleetDemoSeed = demoDataSeed('fleet-demo', async (knex, { registry }) => {
  const actor = await demoActor(knex, registry, 'operator');
  if (!actor) return;
  const today = isoDay(new Date());
  const inDays = (n: number) => addDays(today, n);
  const opts = { knex, trusted: true };
  const fleet = async (input: Record<string, unknown>) => Number((await createRow(fleetResource, actor, input, actor.t, opts)).id);

  const shunda = await fleet({
    name: '瑞丽顺达物流车队',
    creditCode: withCreditCheck('91533102MA6K8R2X1'),
    contact: '刘顺达',
    phone: '0692-4141888',
    address: '云南省瑞丽市姐告边境贸易区国门大道 88 号',
    transportLicenceNo: '云交运管许可德字533102000123号',
    dgLicensed: true,
    dgLicenceNo: 'WXP-533102-2024-018',
    dgLicenceExpiry: inDays(240),
    userId: await userId(knex, 'fleet'),
    remark: '橡胶、大米瑞丽—木姐往返',
  });
  const wanding = await fleet({
    name: '畹町边贸运输车队',
    creditCode: withCreditCheck('91533102MA6N2Q7T4'),
    contact: '杨春华',
    phone: '13908823456',
    address: '云南省瑞丽市畹町镇民主街 16 号',
    transportLicenceNo: '云交运管许可德字533102000457号',
    dgLicensed: true,
    dgLicenceNo: 'WXP-533102-2021-006',
    dgLicenceExpiry: inDays(25),
    remark: '玉米、钢材短驳',
  });
  const muse = await fleet({
    name: 'Muse Golden Road Transport',
    creditCode: withCreditCheck('91533102MA7B3D5E2'),
    contact: 'U Aung Kyaw Moe',
    phone: '09420012345',
    address: 'No. 12, 105th Mile Trade Zone, Muse, Northern Shan State',
    transportLicenceNo: 'RTAD-MUSE-2023-0158',
    dgLicensed: false,
  });
  const mandalay = await fleet({
    name: 'Mandalay Shwe Logistics',
    creditCode: withCreditCheck('91533102MA7C6F8G3'),
    contact: 'Daw Thandar Win',
    phone: '09797001122',
    address: 'No. 45, 78th Street, Chanayethazan, Mandalay',
    transportLicenceNo: 'RTAD-MDY-2022-0412',
    dgLicensed: false,
    remark: 'Mandalay — Muse line-haul',
  });

  const vehicles: Record<string, unknown>[] = [
    { plateNo: '云N·A1234', vehicleType: 'tractor', axles: 6, ratedLoad: '35', fleetId: shunda, licenceNo: '533100018801', insuranceExpiry: inDays(200), inspectionExpiry: inDays(150) },
    { plateNo: '云NB5678', vehicleType: 'box', axles: 3, ratedLoad: '18', fleetId: shunda, licenceNo: '533100018802', insuranceExpiry: inDays(90), inspectionExpiry: inDays(300) },
    // Its insurance ran out five days ago: dispatching it is refused, the reminder lists it.
    { plateNo: '云N·A3721', vehicleType: 'flatbed', axles: 4, ratedLoad: '25.5', fleetId: shunda, licenceNo: '533100018803', insuranceExpiry: inDays(-5), inspectionExpiry: inDays(120) },
    { plateNo: '云N·C2468', vehicleType: 'dump', axles: 3, ratedLoad: '16', fleetId: wanding, licenceNo: '533100020417', insuranceExpiry: inDays(180), inspectionExpiry: inDays(20) },
    { plateNo: '云N·D1357', vehicleType: 'container', axles: 6, ratedLoad: '32', fleetId: wanding, licenceNo: '533100020418', insuranceExpiry: inDays(210), inspectionExpiry: inDays(330) },
    { plateNo: '云N·D12345', vehicleType: 'light', axles: 2, ratedLoad: '1.5', fleetId: wanding, licenceNo: '533100020419', insuranceExpiry: inDays(260), inspectionExpiry: inDays(340) },
    { plateNo: 'SHN 3C-4521', vehicleType: 'tractor', axles: 5, ratedLoad: '30', fleetId: muse, licenceNo: 'RTAD-SHN-20230451', insuranceExpiry: inDays(160), inspectionExpiry: inDays(100) },
    { plateNo: 'SHN 5D-7788', vehicleType: 'box', axles: 3, ratedLoad: '15', fleetId: muse, licenceNo: 'RTAD-SHN-20220987', insuranceExpiry: inDays(70), inspectionExpiry: inDays(45) },
    { plateNo: 'MDY 2B-1234', vehicleType: 'tractor', axles: 6, ratedLoad: '35', fleetId: mandalay, licenceNo: 'RTAD-MDY-20211234', insuranceExpiry: inDays(140), inspectionExpiry: inDays(210) },
    { plateNo: 'YGN 5C-6789', vehicleType: 'tanker', axles: 3, ratedLoad: '20', fleetId: mandalay, licenceNo: 'RTAD-YGN-20196789', insuranceExpiry: inDays(110), inspectionExpiry: inDays(190) },
    { plateNo: '9L-1234', vehicleType: 'flatbed', axles: 3, ratedLoad: '22', fleetId: mandalay, licenceNo: 'RTAD-YGN-20151234', insuranceExpiry: inDays(95), inspectionExpiry: inDays(55) },
  ];
  const vehicleIds: Record<string, number> = {};
  for (const v of vehicles) vehicleIds[String(v.plateNo)] = Number((await createRow(vehicleResource, actor, v, actor.t, opts)).id);
  // In the workshop: taken out of service with its reason.
  await transitionRows(vehicleResource, actor, [vehicleIds['SHN 5D-7788']], 'suspend', actor.t, { ...opts, note: '变速箱维修，预计两周' });

  const drivers: Record<string, unknown>[] = [
    { name: '李建国', idType: 'prcId', idNo: withIdCheck('53310219800512123'), licenceClass: 'A2', licenceNo: '533100100001', licenceExpiry: inDays(400), phone: '13988120002', fleetId: shunda, userId: await userId(knex, 'driver') },
    // Their licence runs out in 10 days: the reminder lists it.
    { name: '张卫东', idType: 'prcId', idNo: withIdCheck('53310219850203241'), licenceClass: 'B2', licenceNo: '533100100002', licenceExpiry: inDays(10), phone: '13988120003', fleetId: shunda },
    { name: '杨志华', idType: 'prcId', idNo: withIdCheck('53310219781120315'), licenceClass: 'A2', licenceNo: '533100100003', licenceExpiry: inDays(600), phone: '13769201234', fleetId: wanding },
    { name: '段晓明', idType: 'prcId', idNo: withIdCheck('53310219920815047'), licenceClass: 'C1', licenceNo: '533100100004', licenceExpiry: inDays(900), phone: '0692-5151234', fleetId: wanding },
    { name: 'Aung Kyaw Moe', idType: 'mmNrc', idNo: '13/MaSaNa(N)204518', licenceClass: 'A2', licenceNo: 'MM-SHN-0456781', licenceExpiry: inDays(500), phone: '09420012345', fleetId: muse },
    { name: 'Kyaw Zin Htet', idType: 'passport', idNo: 'MC1234567', licenceClass: 'B2', licenceNo: 'MM-SHN-0456782', licenceExpiry: inDays(320), phone: '+959250112233', fleetId: muse },
    { name: 'Zaw Min Tun', idType: 'mmNrc', idNo: '9/MaHaMa(N)345678', licenceClass: 'A2', licenceNo: 'MM-MDY-0789012', licenceExpiry: inDays(700), phone: '09797001133', fleetId: mandalay },
    { name: 'Thura Aung', idType: 'mmNrc', idNo: '9/AhMaYa(N)556677', licenceClass: 'B2', licenceNo: 'MM-MDY-0789013', licenceExpiry: inDays(450), phone: '09797001144', fleetId: mandalay },
  ];
  for (const d of drivers) await createRow(driverResource, actor, d, actor.t, opts);
});
