// Demo yard plans of the demo customers at the base data's yards (姐告国际货运堆场, 瑞丽保税物流中心
// 仓库, 木姐105码贸易区堆场), one in each state; work confirmed against them (one plan executed in
// part, one whole, one closed short, a duplicate entry voided); and weighbridge records of
// Chinese- and Myanmar-plated trucks — written as the platform operator through the screens'
// services, dated around the day the database is made.
import type { Knex } from 'knex';
import { createRow, demoActor, demoDataSeed, transitionRows } from '@core/server';
import { isoDay } from '@core/shared';
import { yardPlanResource } from './plan.server';
import { workResource } from './work.server';
import { recordWeight } from './weight.server';

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDay(d);
};

/** A moment `offset` days from now at hh:mm (UTC+8, the border's clock). */
const at = (offset: number, hhmm: string) => new Date(`${day(offset)}T${hhmm}:00+08:00`).toISOString();

async function customerId(knex: Knex, name: string): Promise<number | null> {
  const row = await knex('ops_customer').where({ name }).first('id');
  return row ? Number(row.id) : null;
}

export const tallyDemo = demoDataSeed('tally-demo', async (knex, { registry }) => {
  const actor = await demoActor(knex, registry, 'operator');
  const rubber = await customerId(knex, '瑞丽云海橡胶进出口有限公司');
  const rice = await customerId(knex, '德宏边贸大米贸易公司');
  const mandalay = await customerId(knex, 'Mandalay Golden Rice Trading Co.');
  if (!actor || !rubber || !rice || !mandalay) return;
  const opts = { knex, trusted: true };
  const plan = async (input: Record<string, unknown>, moves: string[] = [], note?: string) => {
    const id = Number((await createRow(yardPlanResource, actor, input, actor.t, opts)).id);
    for (const m of moves) await transitionRows(yardPlanResource, actor, [id], m, actor.t, { ...opts, note });
    return id;
  };
  const work = async (planId: number, input: Record<string, unknown>) => Number((await createRow(workResource, actor, { planId, override: false, ...input }, actor.t, opts)).id);

  // Rubber bales into 姐告: two shifts done of 400 t (executing).
  const rubberIn = await plan(
    { direction: 'inbound', customerId: rubber, goodsCode: 'G005', planDate: day(-2), yardCode: 'RL-Y01', plannedPieces: 12000, plannedTonnes: '400', remark: '木姐 Muse 105码入境，烟片胶 33.3 kg/包' },
    ['confirm'],
  );
  await work(rubberIn, { pieces: 4500, tonnes: '150.120', yardSlot: 'A区-03', team: '理货一班', startAt: at(-2, '08:30'), endAt: at(-2, '12:10') });
  await work(rubberIn, { pieces: 3600, tonnes: '120.060', yardSlot: 'A区-04', team: '理货二班', startAt: at(-1, '14:00'), endAt: at(-1, '17:45') });
  // Entered twice by mistake: voided, the plan's totals leave it out.
  const twice = await work(rubberIn, { pieces: 3600, tonnes: '120.060', yardSlot: 'A区-04', team: '理货二班', startAt: at(-1, '14:00'), endAt: at(-1, '17:45') });
  await transitionRows(workResource, actor, [twice], 'void', actor.t, { ...opts, note: '重复录入' });

  // Rice into the bonded warehouse: 300 t in two shifts (executed whole).
  const riceIn = await plan({ direction: 'inbound', customerId: rice, goodsCode: 'G001', planDate: day(-3), yardCode: 'RL-Y02', plannedTonnes: '300', remark: '缅甸大米，50 kg 编织袋' }, ['confirm']);
  await work(riceIn, { pieces: 3600, tonnes: '180', yardSlot: 'B区-12', team: '理货一班', startAt: at(-3, '09:00'), endAt: at(-3, '15:30') });
  await work(riceIn, { pieces: 2400, tonnes: '120', yardSlot: 'B区-13', team: '理货三班', startAt: at(-2, '08:00'), endAt: at(-2, '12:20') });

  // Rice out to the trucks: 60 t planned, 58.5 t loaded, closed short.
  const riceOut = await plan({ direction: 'outbound', customerId: rice, goodsCode: 'G001', planDate: day(-1), yardCode: 'RL-Y02', plannedTonnes: '60', remark: '发往昆明王家营' }, ['confirm']);
  await work(riceOut, { tonnes: '58.5', yardSlot: 'B区-12', team: '理货一班', startAt: at(-1, '08:20'), endAt: at(-1, '11:00') });
  await transitionRows(yardPlanResource, actor, [riceOut], 'close', actor.t, { ...opts, note: '余量 1.5 吨并入下一批' });

  // Rubber out of 姐告 (confirmed, no work yet); maize at 木姐 (draft); a cancelled rice plan.
  const rubberOut = await plan({ direction: 'outbound', customerId: rubber, goodsCode: 'G005', planDate: day(1), yardCode: 'RL-Y01', plannedPieces: 6000, plannedTonnes: '200', remark: '出库装车发往青岛' }, ['confirm']);
  await plan({ direction: 'outbound', customerId: mandalay, goodsCode: 'G002', planDate: day(3), yardCode: 'MSE-Y01', plannedTonnes: '500', remark: 'Muse 105 mile → 瑞丽' });
  await plan({ direction: 'inbound', customerId: mandalay, goodsCode: 'G001', planDate: day(2), yardCode: 'RL-Y01', plannedPieces: 800, plannedTonnes: '40' }, ['cancel'], '客户改为直接过境，不入场');

  // The weighbridge at 姐告: laden trucks in for the rubber and rice, out for the rice and rubber.
  const as = { actor, t: actor.t, trusted: true };
  const weighings = [
    { plate: '云N·A1234', direction: 'in' as const, gross: '49.20', tare: '15.80', weighedAt: at(-2, '08:05'), planId: rubberIn, operatorName: '段丽华' },
    { plate: 'MDY 2B-1234', direction: 'in' as const, gross: '48.60', tare: '16.10', weighedAt: at(-2, '09:40'), planId: rubberIn, operatorName: '段丽华' },
    { plate: 'SHN 3C-4521', direction: 'in' as const, gross: '46.35', tare: '15.20', weighedAt: at(-3, '08:40'), planId: riceIn, operatorName: '岳小龙' },
    { plate: '云NB5678', direction: 'out' as const, gross: '31.40', tare: '12.60', weighedAt: at(-1, '10:15'), planId: riceOut, operatorName: '岳小龙' },
    { plate: '9L-1234', direction: 'in' as const, gross: '38.75', tare: '13.90', weighedAt: at(0, '07:50'), customerId: mandalay, operatorName: '段丽华', remark: '过境大米，未入场' },
    { plate: '云N·D1357', direction: 'out' as const, gross: '47.90', tare: '15.60', weighedAt: at(0, '09:05'), planId: rubberOut, operatorName: '岳小龙' },
  ];
  for (const w of weighings) await recordWeight(knex, as, w);
});
