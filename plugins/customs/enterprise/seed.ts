// The enterprise center granted to the demo roles (declared grants) — traders (role 0) and
// customs brokers (customs_admin) keep their own enterprise, collection information and
// entrustments; the platform (PTGL) reviews enterprises — and, seeded once per database,
// approved demo enterprises for the demo users `broker` and `trader`, with the trader entrusting the broker.
import { withCreditCheck, withIdCheck, type GrantDef, type Seed } from '@core/shared';
import { ENTERPRISE_AUDIT, ENTERPRISE_PERMS } from './enterprise';
import { COLLECTION_PERMS } from './collection';
import { ENTRUSTMENT_PERMS, ENTRUSTMENT_STATUS } from './entrustment';
import { createRow, demoActor, demoDataSeed, transitionRows } from '@core/server';
import { collectionInfoResource } from './collection.server';
import { approvedEnterpriseOfUser } from './enterprise.server';

export const AREA_MENUS = ['enterpriseCenter', 'enterpriseCenter.enterpriseInfo', 'enterpriseCenter.enterpriseManage', 'enterpriseCenter.collectionInfo', 'enterpriseCenter.entrustment'];
const AREA_PERMISSIONS = [...Object.values(ENTERPRISE_PERMS), ...Object.values(COLLECTION_PERMS), ...Object.values(ENTRUSTMENT_PERMS)];

const OWN_MENUS = ['enterpriseCenter', 'enterpriseCenter.enterpriseInfo', 'enterpriseCenter.collectionInfo', 'enterpriseCenter.entrustment'];
const OWN_ENTERPRISE = [ENTERPRISE_PERMS.list, ENTERPRISE_PERMS.add, ENTERPRISE_PERMS.edit, ENTERPRISE_PERMS.submit, ...Object.values(COLLECTION_PERMS)];

/** The area's grants per demo role; the area's other menus and permissions are taken away
 *  (the broker role gets every customs grant from an earlier seed, but it does not review). */
export const ENTERPRISE_GRANTS: Record<string, { menus: string[]; permissions: string[] }> = {
  '0': { menus: OWN_MENUS, permissions: [...OWN_ENTERPRISE, ...Object.values(ENTRUSTMENT_PERMS)] },
  customs_admin: { menus: OWN_MENUS, permissions: [...OWN_ENTERPRISE, ENTRUSTMENT_PERMS.list] },
  PTGL: { menus: ['enterpriseCenter', 'enterpriseCenter.enterpriseManage'], permissions: [ENTERPRISE_PERMS.list, ENTERPRISE_PERMS.audit] },
};

/** The area's declared grants: each role's other enterprise-center menus and permissions go. */
export const enterpriseGrants: GrantDef[] = Object.entries(ENTERPRISE_GRANTS).map(([role, g]) => ({ role, ...g, revoke: { menus: AREA_MENUS, permissions: AREA_PERMISSIONS }, legacySeed: 'customs/enterprise-demo' }));

const DEMO_ENTERPRISES = [
  {
    username: 'broker',
    accountType: 5,
    name: '姐告报关行',
    industry: 'L',
    creditBody: '91533102MA6N4K8P1',
    customsCode: '5309980001',
    inspectionCode: '5300600123',
    scope: '进出口货物报关、报检代理；国际货运代理',
    address: '姐告边境贸易区国门大道 18 号',
    district: '533102',
    legal: ['李明华', '13887001234', '53310219800101123'],
    handler: ['赵文', '13887005678', 'zhaowen@example.com', '53310219850615242'],
    bank: ['中国银行瑞丽分行', '姐告报关行', '6217 8530 0001 2345 678', 'BKCHCNBJ'],
  },
  {
    username: 'trader',
    accountType: 4,
    name: '德宏边境贸易有限公司',
    industry: 'F',
    creditBody: '91533100MA6K2R7T3',
    customsCode: '5309960002',
    inspectionCode: null,
    scope: '农产品、矿产品、木材进出口贸易',
    address: '芒市勐焕路 66 号',
    district: '533103',
    legal: ['张建国', '13908801234', '53310319750312201'],
    handler: ['王芳', '13908805678', 'wangfang@example.com', '53310319900720302'],
    bank: ['中国工商银行德宏分行', '德宏边境贸易有限公司', '2505 0123 0910 0088 888', 'ICBKCNBJ'],
  },
] as const;

export const enterpriseDemoSeed: Seed = {
  name: 'enterprise-demo',
  once: true,
  async run(knex) {
    const now = new Date();
    const ids: Record<string, number> = {};
    for (const d of DEMO_ENTERPRISES) {
      const user = await knex('sys_user').where({ username: d.username }).first();
      if (!user) continue;
      const existing = await knex('cus_enterprise').where({ user_id: user.id }).first();
      if (existing) {
        ids[d.username] = Number(existing.id);
        continue;
      }
      const creditCode = withCreditCheck(d.creditBody);
      const [id] = await knex('cus_enterprise').insert({
        user_id: user.id,
        account_type: d.accountType,
        name: d.name,
        industry: d.industry,
        nature: 'private',
        registered_capital: d.accountType === 5 ? 200 : 1000,
        employee_count: 'upTo50',
        business_scope: d.scope,
        phone: '0692-4141234',
        fax: null,
        website: null,
        country_code: 'CN',
        province_code: '530000',
        city_code: '533100',
        district_code: d.district,
        address_detail: d.address,
        credit_code: creditCode,
        org_code: creditCode.slice(8, 17),
        customs_code: d.customsCode,
        customs_area: d.accountType === 5 ? '8615' : '8613',
        inspection_code: d.inspectionCode,
        legal_name: d.legal[0],
        legal_phone: d.legal[1],
        legal_id_type: 'prcId',
        legal_id_no: withIdCheck(d.legal[2]),
        handler_name: d.handler[0],
        handler_phone: d.handler[1],
        handler_email: d.handler[2],
        handler_id_type: 'prcId',
        handler_id_no: withIdCheck(d.handler[3]),
        audit_status: ENTERPRISE_AUDIT.approved,
        audit_opinion: null,
        audit_time: now,
        audit_by: 'admin',
        created_at: now,
        created_by: user.id,
        updated_at: now,
        updated_by: user.id,
        version: 1,
      });
      ids[d.username] = Number(id);
      await knex('cus_enterprise_bank').insert({ enterprise_id: Number(id), bank_country: 'CN', bank_name: d.bank[0], account_name: d.bank[1], account_no: d.bank[2], swift: d.bank[3] });
    }
    if (ids.trader && ids.broker) {
      const found = await knex('cus_entrustment').where({ trader_enterprise_id: ids.trader, broker_enterprise_id: ids.broker }).first();
      if (!found) {
        const from = now.toISOString().slice(0, 10);
        const until = new Date(now);
        until.setFullYear(until.getFullYear() + 2);
        const to = until.toISOString().slice(0, 10);
        await knex('cus_entrustment').insert({
          trader_enterprise_id: ids.trader,
          broker_enterprise_id: ids.broker,
          valid_from: from,
          valid_to: to,
          status: ENTRUSTMENT_STATUS.active,
          remark: '演示委托：德宏边境贸易有限公司委托姐告报关行办理进出口报关',
          created_at: now,
          updated_at: now,
          version: 1,
        });
      }
    }
  },
};

/** The demo trader's and broker's collection accounts (one disabled), saved through the
 *  collection information service as those users (seeded once). */
export const collectionDemoSeed = demoDataSeed('collection-demo', async (knex, { registry }) => {
  const accounts = {
    trader: [
      { settlementAccount: '2505012309100088888', settlementAccountName: '德宏边境贸易有限公司', accountStatus: 'normal', contactName: '王芳', contactPhone: '0692-4141234', mobile: '13908805678', address: '芒市勐焕路 66 号', smsNotify: true, smsPhone: '13908805678' },
      { settlementAccount: '0012300456789', settlementAccountName: 'Dehong Border Trade Co., Ltd. (KBZ Bank Muse)', accountStatus: 'normal', contactName: 'Aung Min', contactPhone: '+95 9 420 012 345', mobile: '09420012345', address: 'No. 12, 105th Mile, Muse, Shan State', smsNotify: false, smsPhone: null },
    ],
    broker: [{ settlementAccount: '6217853000012345678', settlementAccountName: '姐告报关行', accountStatus: 'normal', contactName: '赵文', contactPhone: '0692-4125678', mobile: '13887005678', address: '姐告边境贸易区国门大道 18 号', smsNotify: true, smsPhone: '13887005678' }],
  };
  for (const [username, rows] of Object.entries(accounts)) {
    const actor = await demoActor(knex, registry, username);
    if (!actor || !(await approvedEnterpriseOfUser(knex, actor.user.id))) continue;
    for (const input of rows) await createRow(collectionInfoResource, actor, input, actor.t, { knex, trusted: true });
  }
  // The Myanmar account waits for its bank's confirmation: disabled for now.
  const trader = await demoActor(knex, registry, 'trader');
  const pending = await knex('cus_collection_info').where({ settlement_account: '0012300456789' }).first('id');
  if (trader && pending) await transitionRows(collectionInfoResource, trader, [Number(pending.id)], 'disable', trader.t, { knex, trusted: true });
});
