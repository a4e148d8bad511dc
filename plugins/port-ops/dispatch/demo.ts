// Demo waybills of 瑞丽顺达物流车队 (and one of 畹町边贸运输车队), dated around the day the
// database is made and written through the same services as the pages: rubber from Muse
// completed with a small loss, another over the line's tolerance waiting for the platform's
// review, rice in transit, a cancelled one, and one just dispatched to the demo driver `driver`
// (李建国) so that the driver's page shows its next step.
import type { Knex } from 'knex';
import { createRow, demoActor, demoDataSeed, saveFile, transitionRows, type DemoActor } from '@core/server';
import { isoDay, resourceKey } from '@core/shared';
import { addDays } from '../fleet/expiry.server';
import { SHIPPER_COMPANY } from '../customers/demo';
import { waybillDef } from './waybill';
import { waybillResource, waybillStep } from './waybill.server';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const idOf = async (knex: Knex, table: string, where: Record<string, unknown>) => Number((await knex(table).where(where).first('id'))?.id ?? 0);

export const waybillDemo = demoDataSeed('dispatch-demo', async (knex, { registry }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const admin = await demoActor(knex, registry, 'admin');
  if (!operator || !admin) return;
  const today = isoDay(new Date());
  const day = (n: number) => addDays(today, n);
  const shunda = await idOf(knex, 'ops_fleet', { name: '瑞丽顺达物流车队' });
  const wanding = await idOf(knex, 'ops_fleet', { name: '畹町边贸运输车队' });
  const yunhai = await idOf(knex, 'ops_customer', { name: SHIPPER_COMPANY });
  const rice = await idOf(knex, 'ops_customer', { name: '德宏边贸大米贸易公司' });
  if (!shunda || !yunhai) return;
  const vehicle = (plate: string) => idOf(knex, 'ops_vehicle', { plate_no: plate });
  const driver = (name: string) => idOf(knex, 'ops_driver', { name });
  const line = (name: string) => idOf(knex, 'ops_line', { name });
  const museRuili = await line('木姐 Muse 105 mile→瑞丽');
  const portYard = await line('瑞丽口岸→瑞丽姐告货场');
  const wandingMangshi = await line('畹町口岸→芒市物流园');

  const dispatch = async (input: Record<string, unknown>) => Number((await createRow(waybillResource, operator, { remark: null, ...input }, operator.t, { knex, trusted: true })).id);
  /** The driver's steps up to `last`, as the platform's administrator on the driver's behalf (one of the drivers has no login). */
  const drive = async (actor: DemoActor, id: number, steps: [string, Record<string, unknown>?][]) => {
    for (const [step, input] of steps) await waybillStep(knex, actor, actor.t, id, step, input ?? {});
  };
  const receipt = async (name: string) =>
    (await saveFile(knex, { name, ext: 'pdf', bytes: PDF, resource: resourceKey(waybillDef), recordId: null, createdBy: admin.user.id, createdByName: admin.user.nickname || admin.user.username })).id;

  // Rubber from Muse, three days ago: 30 t loaded, 29.96 t delivered (1.33‰, within the line's 2‰).
  const done = await dispatch({ customerId: yunhai, lineId: museRuili, goods: '橡胶', fleetId: shunda, vehicleId: await vehicle('云N·A1234'), driverId: await driver('李建国'), plannedTonnes: '30', loadingFrom: `${day(-3)} 08:00`, loadingTo: `${day(-3)} 10:00` });
  await drive(admin, done, [['accept'], ['arriveLoading'], ['load', { gross: '45.200', tare: '15.200' }], ['depart'], ['arrive'], ['unload', { gross: '45.160', tare: '15.200', receiptFileId: await receipt('签收单-橡胶-01.pdf') }], ['complete']]);

  // Rubber two days ago: 16 t loaded, 15.9 t delivered (6.25‰): flagged for the platform's review.
  const flagged = await dispatch({ customerId: yunhai, lineId: museRuili, goods: '橡胶', fleetId: shunda, vehicleId: await vehicle('云N·B5678'), driverId: await driver('张卫东'), plannedTonnes: '16', loadingFrom: `${day(-2)} 09:00`, loadingTo: `${day(-2)} 11:00` });
  await drive(admin, flagged, [['accept'], ['arriveLoading'], ['load', { gross: '27.500', tare: '11.500' }], ['depart'], ['arrive'], ['unload', { gross: '27.400', tare: '11.500', receiptFileId: await receipt('签收单-橡胶-02.pdf') }], ['complete']]);

  // Yesterday: an 18 t box truck loaded with 9.6 t only (the shipper's cargo was not ready),
  // delivered: flagged as under-loaded (more than the line's 10 % short of its plan).
  const short = await dispatch({ customerId: yunhai, lineId: museRuili, goods: '橡胶', fleetId: shunda, vehicleId: await vehicle('云N·B5678'), driverId: await driver('张卫东'), plannedTonnes: '18', loadingFrom: `${day(-1)} 08:00`, loadingTo: `${day(-1)} 10:00`, remark: '货主备货不足，少装' });
  await drive(admin, short, [['accept'], ['arriveLoading'], ['load', { gross: '21.100', tare: '11.500' }], ['depart'], ['arrive'], ['unload', { gross: '21.090', tare: '11.500', receiptFileId: await receipt('签收单-橡胶-03.pdf') }], ['complete']]);

  // Today: rice from the port to the Jiegao yard, on the road.
  const onRoad = await dispatch({ customerId: yunhai, lineId: portYard, goods: '大米', fleetId: shunda, vehicleId: await vehicle('云N·B5678'), driverId: await driver('张卫东'), plannedTonnes: '17.5', loadingFrom: `${today} 07:00`, loadingTo: `${today} 09:00` });
  await drive(admin, onRoad, [['accept'], ['arriveLoading'], ['load', { gross: '29.000', tare: '11.500' }], ['depart']]);

  // Today afternoon, for the demo driver: waiting for 李建国 to accept it.
  await dispatch({ customerId: yunhai, lineId: museRuili, goods: '橡胶', fleetId: shunda, vehicleId: await vehicle('云N·A1234'), driverId: await driver('李建国'), plannedTonnes: '32', loadingFrom: `${today} 14:00`, loadingTo: `${today} 16:00`, remark: '105码贸易区3号仓库提货' });

  // Tomorrow's trip, cancelled by the shipper's delay.
  const cancelled = await dispatch({ customerId: yunhai, lineId: museRuili, goods: '橡胶', fleetId: shunda, vehicleId: await vehicle('云N·A1234'), driverId: await driver('李建国'), plannedTonnes: '30', loadingFrom: `${day(1)} 08:00`, loadingTo: `${day(1)} 10:00` });
  await transitionRows(waybillResource, operator, [cancelled], 'cancel', operator.t, { knex, trusted: true, note: '货主推迟发货，改期另派' });

  // Another fleet's trip (not seen by 顺达's logins): rice from Wanding, accepted.
  if (wanding && rice && wandingMangshi) {
    const other = await dispatch({ customerId: rice, lineId: wandingMangshi, goods: '大米', fleetId: wanding, vehicleId: await vehicle('云N·C2468'), driverId: await driver('杨志华'), plannedTonnes: '15', loadingFrom: `${today} 09:00`, loadingTo: `${today} 11:00` });
    await drive(admin, other, [['accept']]);
  }
});
