// The reference lists SPEC §9 names, seeded once: currencies, payment methods and modes,
// urgency, settlement methods, enterprise natures, industries, employee buckets, transport
// modes and package kinds. Administrators maintain them afterwards.
import type { Seed } from '@core/shared';

type Code = [code: string, zh: string, en: string, edi?: string];

const TYPES: { type: string; name: string; codes: Code[] }[] = [
  { type: 'CURRENCY', name: '币制', codes: [['RMB', '人民币', 'Renminbi', '142'], ['USD', '美元', 'US dollar', '502'], ['EUR', '欧元', 'Euro', '300'], ['GBP', '英镑', 'Pound sterling', '303'], ['MMK', '缅元', 'Kyat', '131']] },
  { type: 'PAY_METHOD', name: '汇款方式', codes: [['TT', '电汇', 'Telegraphic transfer'], ['DD', '票汇', 'Demand draft'], ['MT', '信汇', 'Mail transfer']] },
  { type: 'URGENCY', name: '紧急程度', codes: [['NORMAL', '普通', 'Normal'], ['URGENT', '加急', 'Urgent']] },
  { type: 'PAY_MODE', name: '付款方式', codes: [['CASH', '现金', 'Cash'], ['CHECK', '支票', 'Check'], ['ACCOUNT', '账户', 'Account']] },
  { type: 'SETTLE_METHOD', name: '结算方式', codes: [['TICKET', '按票', 'Per ticket'], ['CASH', '现结', 'Cash'], ['MONTHLY', '月结', 'Monthly'], ['YEARLY', '年结', 'Yearly'], ['DAILY', '日结', 'Daily']] },
  { type: 'ENT_NATURE', name: '企业性质', codes: [['SOE', '国有企业', 'State-owned'], ['COLLECTIVE', '集体企业', 'Collective'], ['PRIVATE', '私营企业', 'Private'], ['JOINT_STOCK', '股份制企业', 'Joint-stock'], ['SINO_FOREIGN', '中外合资企业', 'Sino-foreign joint venture'], ['WFOE', '外商独资企业', 'Wholly foreign-owned']] },
  {
    type: 'INDUSTRY',
    name: '所属行业',
    codes: [
      ['A', '农、林、牧、渔业', 'Agriculture, forestry, animal husbandry and fishery'],
      ['B', '采矿业', 'Mining'],
      ['C', '制造业', 'Manufacturing'],
      ['D', '电力、热力、燃气及水生产和供应业', 'Electricity, heat, gas and water supply'],
      ['E', '建筑业', 'Construction'],
      ['F', '批发和零售业', 'Wholesale and retail trade'],
      ['G', '交通运输、仓储和邮政业', 'Transport, storage and post'],
      ['H', '住宿和餐饮业', 'Accommodation and catering'],
      ['I', '信息传输、软件和信息技术服务业', 'Information transmission, software and IT services'],
      ['J', '金融业', 'Finance'],
      ['K', '房地产业', 'Real estate'],
      ['L', '租赁和商务服务业', 'Leasing and business services'],
      ['M', '科学研究和技术服务业', 'Scientific research and technical services'],
      ['N', '水利、环境和公共设施管理业', 'Water, environment and public facilities management'],
      ['O', '居民服务、修理和其他服务业', 'Resident, repair and other services'],
      ['P', '教育', 'Education'],
      ['Q', '卫生和社会工作', 'Health and social work'],
      ['R', '文化、体育和娱乐业', 'Culture, sports and entertainment'],
      ['S', '公共管理、社会保障和社会组织', 'Public administration, social security and social organisations'],
    ],
  },
  { type: 'EMPLOYEES', name: '员工人数', codes: [['LE50', '50人及以下', '50 people or less'], ['51_200', '51-200人', '51–200 people'], ['201_500', '201-500人', '201–500 people'], ['501_1000', '501-1000人', '501–1,000 people'], ['GT1000', '1000人以上', 'More than 1,000 people']] },
  { type: 'TRANSPORT_MODE', name: '运输方式', codes: [['4', '公路运输', 'Road transport', '4'], ['3', '铁路运输', 'Rail transport', '3'], ['2', '水路运输', 'Waterway transport', '2'], ['5', '航空运输', 'Air transport', '5'], ['6', '邮件运输', 'Postal transport', '6']] },
  { type: 'PACKAGE_KIND', name: '包装种类', codes: [['22', '纸制或纤维板制盒/箱', 'Paper or fibreboard box', '22'], ['23', '木制或竹藤等植物性材料制盒/箱', 'Wooden box', '23'], ['32', '纸制或纤维板制桶', 'Fibre drum', '32'], ['06', '散装', 'Bulk', '06'], ['92', '再生木托', 'Recycled wooden pallet', '92'], ['HB', '重箱', 'Heavy box'], ['EB', '空箱', 'Empty box']] },
  { type: 'BILL_TYPE', name: '账单类型', codes: [['SERVICE', '服务账单', 'Service bill'], ['TRADE', '贸易账单', 'Trade bill']] },
];

export const referenceCodesSeed: Seed = {
  name: 'reference-codes',
  once: true,
  async run(knex) {
    const now = new Date();
    for (const ty of TYPES) {
      if (!(await knex('sys_ref_code_type').where({ type_code: ty.type }).first())) {
        await knex('sys_ref_code_type').insert({ type_code: ty.type, name: ty.name, scope: 'system', code_length: null, remarks: null, created_at: now, updated_at: now, version: 1 });
      }
      for (const [i, [code, zh, en, edi]] of ty.codes.entries()) {
        if (await knex('sys_ref_code').where({ rv_domain: ty.type, code }).first()) continue;
        await knex('sys_ref_code').insert({ rv_domain: ty.type, code, name: zh, name_en: en, is_default: i === 0, edi_code: edi ?? null, order_num: i + 1, created_at: now, updated_at: now, version: 1 });
      }
    }
  },
};

/** A small department tree, and the demo staff placed in it (seeded once). */
export const departmentsSeed: Seed = {
  name: 'departments',
  once: true,
  async run(knex) {
    if (await knex('sys_dept').first()) return;
    const now = new Date();
    const add = async (name: string, parent: number | null, order: number) => {
      const [id] = await knex('sys_dept').insert({ name, parent_id: parent, order_num: order, status: '0', created_at: now, updated_at: now, version: 1 });
      return Number(id);
    };
    const hq = await add('中缅口岸服务平台', null, 0);
    const ops = await add('运营部', hq, 1);
    await add('财务部', hq, 2);
    const ruili = await add('瑞丽口岸办事处', ops, 1);
    const wanding = await add('畹町口岸办事处', ops, 2);
    const placement: Record<string, number> = { admin: hq, operator: ops, shipagent: ruili, freightagent: wanding };
    for (const [username, dept] of Object.entries(placement)) await knex('sys_user').where({ username }).whereNull('dept_id').update({ dept_id: dept });
  },
};

/** The seeded reference-code types (each is also a picker: lookup `system.refCode.<TYPE>`). */
export const REF_CODE_TYPES = TYPES.map((x) => x.type);
