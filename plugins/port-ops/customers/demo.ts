// The demo shipper (role SHIPPER 货主, login `shipper` of 瑞丽云海橡胶进出口有限公司) and the
// demo customers, lines, contracts with line prices, price adjustments (one approved, one
// pending), one blacklisted customer and the fee items — written through the screens' services
// as the platform operator, dated around the day the database is made.
import type { Knex } from 'knex';
import { createRow, demoActor, demoDataSeed, seedDemoLogins, transitionRows } from '@core/server';
import { isoDay, withCreditCheck, type Seed } from '@core/shared';
import { SHIPPER_ROLE } from './common';
import { customerResource } from './customer.server';
import { lineResource } from './line.server';
import { contractResource, expireContracts } from './contract.server';
import { adjustmentResource } from './adjustment.server';
import { blacklistResource } from './blacklist.server';
import { feeResource } from './fee.server';

export const SHIPPER_COMPANY = '瑞丽云海橡胶进出口有限公司';

export const shipperSeed: Seed = {
  name: 'customers-shipper',
  once: true,
  async run(knex, password) {
    await seedDemoLogins(knex, password, [{ code: SHIPPER_ROLE, name: '货主', remark: '调度中心的客户（发货人、收货人）', orderNum: 30 }], [
      { username: 'shipper', nickname: '货主演示', userType: 4, roles: [SHIPPER_ROLE], company: SHIPPER_COMPANY },
    ]);
  },
};

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDay(d);
};

async function idOf(knex: Knex, table: string, where: Record<string, unknown>): Promise<number> {
  return Number((await knex(table).where(where).first('id')).id);
}

export const customersDemo = demoDataSeed('customers-demo', async (knex, { registry }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const admin = await demoActor(knex, registry, 'admin');
  if (!operator || !admin) return;
  const as = { knex };
  const shipper = await knex('sys_user').where({ username: 'shipper' }).first('id');
  const customers = [
    {
      name: SHIPPER_COMPANY,
      kind: 'shipper',
      creditCode: withCreditCheck('91533102MA6K7P3L2'),
      provinceCode: '530000',
      cityCode: '533100',
      countyCode: '533102',
      address: '瑞丽市姐告边境经济合作区橡胶产业园8号',
      settlementMethod: 'monthly',
      creditLimit: '500000.00',
      userId: shipper?.id ?? null,
      contacts: [
        { name: '段云海', phone: '13988201234' },
        { name: '财务 李娟', phone: '0692-4141234' },
      ],
    },
    {
      name: '德宏边贸大米贸易公司',
      kind: 'consignee',
      creditCode: withCreditCheck('91533103MA6L2Q8T5'),
      provinceCode: '530000',
      cityCode: '533100',
      countyCode: '533103',
      address: '芒市勐焕路物流园区12栋',
      settlementMethod: 'perTrip',
      creditLimit: '200000.00',
      userId: null,
      contacts: [{ name: '杨德宏', phone: '13508821567' }],
    },
    {
      name: 'Mandalay Golden Rice Trading Co.',
      kind: 'shipper',
      creditCode: null,
      provinceCode: null,
      cityCode: null,
      countyCode: null,
      address: 'No. 88, 78th Street, Chanayethazan, Mandalay',
      settlementMethod: 'prepaid',
      creditLimit: '0.00',
      userId: null,
      contacts: [{ name: 'U Kyaw Min', phone: '09 421 234 567' }],
    },
    {
      name: 'Muse Rubber Export Co.',
      kind: 'both',
      creditCode: null,
      provinceCode: null,
      cityCode: null,
      countyCode: null,
      address: '105 Mile Trade Zone, Muse, Northern Shan State',
      settlementMethod: 'monthly',
      creditLimit: '100000.00',
      userId: null,
      contacts: [{ name: 'Daw Nwe Ni', phone: '09 254 789 012' }],
    },
  ];
  for (const c of customers) await createRow(customerResource, operator, c, operator.t, as);

  const lines = [
    {
      name: '瑞丽口岸→瑞丽姐告货场',
      origin: '瑞丽口岸',
      originCity: '533100',
      destination: '瑞丽姐告货场',
      destinationCity: '533100',
      distanceKm: 12,
      transitHours: '1',
      vehicleTypes: ['boxTruck', 'flatbed', 'containerTruck'],
      lossTolerance: '1',
    },
    {
      name: '木姐 Muse 105 mile→瑞丽',
      origin: '木姐 Muse 105码贸易区',
      originCity: null,
      destination: '瑞丽姐告货场',
      destinationCity: '533100',
      distanceKm: 18,
      transitHours: '3',
      vehicleTypes: ['tractor', 'boxTruck', 'flatbed', 'dumpTruck'],
      lossTolerance: '2',
    },
    {
      name: '畹町口岸→芒市物流园',
      origin: '畹町口岸',
      originCity: '533100',
      destination: '芒市物流园',
      destinationCity: '533100',
      distanceKm: 86,
      transitHours: '2.5',
      vehicleTypes: ['boxTruck', 'flatbed', 'tanker'],
      lossTolerance: '1.5',
    },
    {
      name: '曼德勒 Mandalay→木姐 Muse',
      origin: '曼德勒 Mandalay',
      originCity: null,
      destination: '木姐 Muse 105码贸易区',
      destinationCity: null,
      distanceKm: 450,
      transitHours: '14',
      vehicleTypes: ['tractor', 'containerTruck'],
      lossTolerance: '3',
    },
    {
      name: '腊戌 Lashio→木姐 Muse',
      origin: '腊戌 Lashio',
      originCity: null,
      destination: '木姐 Muse 105码贸易区',
      destinationCity: null,
      distanceKm: 176,
      transitHours: '6',
      vehicleTypes: ['tractor', 'boxTruck', 'dumpTruck'],
      lossTolerance: '2.5',
    },
  ];
  for (const l of lines) await createRow(lineResource, operator, l, operator.t, as);

  const customer = (name: string) => idOf(knex, 'ops_customer', { name });
  const line = (name: string) => idOf(knex, 'ops_line', { name });
  const contracts = [
    {
      customer: SHIPPER_COMPANY,
      from: -60,
      to: 305,
      currency: 'CNY',
      terms: '月结，次月10日前付清上月运费',
      lines: [
        ['木姐 Muse 105 mile→瑞丽', 'tonne', '85.00'],
        ['瑞丽口岸→瑞丽姐告货场', 'trip', '600.00'],
      ],
    },
    {
      customer: '德宏边贸大米贸易公司',
      from: -200,
      to: 20,
      currency: 'CNY',
      terms: '每趟结算，卸货后3日内付款',
      lines: [['畹町口岸→芒市物流园', 'tonne', '55.00']],
    },
    {
      customer: 'Mandalay Golden Rice Trading Co.',
      from: -30,
      to: 335,
      currency: 'USD',
      terms: 'Prepaid: 30% on signing, the rest before loading',
      lines: [
        ['曼德勒 Mandalay→木姐 Muse', 'container', '320.00'],
        ['腊戌 Lashio→木姐 Muse', 'tonne', '18.50'],
      ],
    },
    {
      customer: 'Muse Rubber Export Co.',
      from: -400,
      to: -35,
      currency: 'CNY',
      terms: '月结',
      lines: [['木姐 Muse 105 mile→瑞丽', 'tonne', '80.00']],
    },
  ];
  for (const c of contracts) {
    const contractLines = [];
    for (const [name, priceUnit, price] of c.lines) contractLines.push({ lineId: await line(name), priceUnit, price });
    await createRow(
      contractResource,
      operator,
      {
        customerId: await customer(c.customer),
        carrierName: '瑞丽中缅口岸物流调度中心',
        validFrom: day(c.from),
        validTo: day(c.to),
        currency: c.currency,
        paymentTerms: c.terms,
        attachmentFileId: null,
        lines: contractLines,
      },
      operator.t,
      as,
    );
  }
  await expireContracts(knex);

  const contractLine = async (customerName: string, lineName: string) =>
    Number(
      (
        await knex('ops_contract_line as cl')
          .join('ops_contract as c', 'c.id', 'cl.contract_id')
          .where({
            'c.customer_id': await customer(customerName),
            'cl.line_id': await line(lineName),
          })
          .first('cl.id')
      ).id,
    );
  const approved = await createRow(
    adjustmentResource,
    operator,
    {
      contractLineId: await contractLine(SHIPPER_COMPANY, '木姐 Muse 105 mile→瑞丽'),
      newPrice: '88.00',
      effectiveFrom: day(-10),
      reason: '柴油价格上涨，经双方协商上调运价',
    },
    operator.t,
    as,
  );
  await transitionRows(adjustmentResource, admin, [Number(approved.id)], 'approve', admin.t, { knex, note: '同意，自生效日起执行' });
  await createRow(
    adjustmentResource,
    operator,
    {
      contractLineId: await contractLine('Mandalay Golden Rice Trading Co.', '曼德勒 Mandalay→木姐 Muse'),
      newPrice: '335.00',
      effectiveFrom: day(15),
      reason: '雨季路况差，申请上调集装箱运价',
    },
    operator.t,
    as,
  );

  await createRow(
    blacklistResource,
    operator,
    {
      partyType: 'customer',
      partyId: await customer('Muse Rubber Export Co.'),
      reason: '多次拖欠运费，逾期超过90天',
      validFrom: day(-20),
      validTo: day(160),
    },
    operator.t,
    as,
  );

  const fees = [
    {
      code: 'FRT-T',
      name: '整车运费（按吨）',
      kind: 'freight',
      unit: 'tonne',
      rate: '85',
      currency: 'CNY',
    },
    {
      code: 'LOAD',
      name: '装车费',
      kind: 'loading',
      unit: 'tonne',
      rate: '8.5',
      currency: 'CNY',
    },
    {
      code: 'WAIT',
      name: '压车费',
      kind: 'waiting',
      unit: 'hour',
      rate: '50',
      currency: 'CNY',
    },
    {
      code: 'TOLL-CN',
      name: '高速过路费',
      kind: 'tolls',
      unit: 'trip',
      rate: '120',
      currency: 'CNY',
    },
    {
      code: 'TOLL-MM',
      name: '缅方道路通行费',
      kind: 'tolls',
      unit: 'trip',
      rate: '15000',
      currency: 'MMK',
    },
    {
      code: 'FRT-C',
      name: '集装箱运费',
      kind: 'freight',
      unit: 'container',
      rate: '320',
      currency: 'USD',
    },
  ];
  for (const fee of fees) await createRow(feeResource, operator, { ...fee, remark: null }, operator.t, as);
});
