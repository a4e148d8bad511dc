// Port-ops area "assignment" (SPEC §2 /smartorderassignment: dispatchattributes, dispatchrules;
// issue 13 smart order assignment): the attributes and rules a cargo source is split across
// fleets by, and the optimiser (optimiser.ts, pure) that computes the split. The publish and
// distribute screens come with the cargo sources; they call activeRules() and optimise().
import type { PluginArea, Seed } from '@core/shared';
import { auditColumns } from '@core/server';
import { assignmentGroup } from '../common';
import { ATTRIBUTE_PERMISSIONS, MENU, RULE_PERMISSIONS } from './dispatch';
import { assignmentLookups, dispatchAttributeResource, dispatchRuleResource } from './dispatch.server';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export { activeRules } from './dispatch.server';

/** The attributes the optimiser evaluates, with their usual kind and direction (named by the locales' builtinNames). */
export const BUILT_IN_ATTRIBUTES: { code: keyof typeof zh.builtinNames; kind: 'filter' | 'score'; unit: string | null; direction: 'lowerBetter' | 'higherBetter' | null; description: string }[] = [
  { code: 'qualification', kind: 'filter', unit: null, direction: null, description: '道路运输经营许可、车辆行驶证、驾驶员从业资格均在有效期内的车队才可派单' },
  { code: 'vehicleType', kind: 'filter', unit: null, direction: null, description: '货源要求的车型（平板、高栏、厢式、罐车等），车队须有其中一种' },
  { code: 'dangerousGoods', kind: 'filter', unit: null, direction: null, description: '危险货物须由持危险货物道路运输许可证的车队承运' },
  { code: 'capacity', kind: 'filter', unit: '吨', direction: 'higherBetter', description: '装货时段内空闲车辆的载重合计；参数为每个车队的最小派单批量（批）' },
  { code: 'price', kind: 'score', unit: '元/吨', direction: 'lowerBetter', description: '车队对该货源的运价，越低越优；也可作为上限过滤' },
  { code: 'onTime', kind: 'score', unit: '%', direction: 'higherBetter', description: '近 90 天按时到场、按时送达的运单比例，越高越优；也可设下限' },
  { code: 'loss', kind: 'score', unit: '%', direction: 'lowerBetter', description: '近 90 天货损、货差吨数占承运吨数的比例，越低越优；也可设上限' },
  { code: 'shareCap', kind: 'filter', unit: '%', direction: null, description: '单个车队可承运货源吨数的上限（过滤）；或超过期望份额后每吨加价（评分）' },
  { code: 'blacklist', kind: 'filter', unit: null, direction: null, description: '在黑名单有效期内的车队不参与派单' },
];

/** A default rule set: the hard conditions, then price, punctuality and losses, spread over fleets. */
export const DEFAULT_RULES: { name: string; attribute_code: string; kind: 'filter' | 'score'; weight: string; priority: number; threshold: string | null }[] = [
  { name: '黑名单车队不派单', attribute_code: 'blacklist', kind: 'filter', weight: '1', priority: 100, threshold: null },
  { name: '资质须有效', attribute_code: 'qualification', kind: 'filter', weight: '1', priority: 95, threshold: null },
  { name: '车型须符合货源要求', attribute_code: 'vehicleType', kind: 'filter', weight: '1', priority: 90, threshold: null },
  { name: '危险品须有危运资质', attribute_code: 'dangerousGoods', kind: 'filter', weight: '1', priority: 90, threshold: null },
  { name: '每车队至少 2 批', attribute_code: 'capacity', kind: 'filter', weight: '1', priority: 80, threshold: '2' },
  { name: '单车队不超过 40%', attribute_code: 'shareCap', kind: 'filter', weight: '1', priority: 80, threshold: '40' },
  { name: '准时率不低于 80%', attribute_code: 'onTime', kind: 'filter', weight: '1', priority: 70, threshold: '80' },
  { name: '报价优先', attribute_code: 'price', kind: 'score', weight: '6', priority: 60, threshold: null },
  { name: '准时率优先', attribute_code: 'onTime', kind: 'score', weight: '3', priority: 50, threshold: null },
  { name: '货损率低优先', attribute_code: 'loss', kind: 'score', weight: '2', priority: 40, threshold: null },
  { name: '超过 25% 份额加价', attribute_code: 'shareCap', kind: 'score', weight: '2', priority: 30, threshold: '25' },
];

const stamp = () => {
  const now = new Date();
  return { created_at: now, updated_at: now, version: 1 };
};

/** The built-in attributes (the optimiser knows these codes); a missing one is added on start. */
const attributesSeed: Seed = {
  name: 'assignment-attributes',
  async run(knex) {
    const have = new Set((await knex('ops_dispatch_attribute').select('code')).map((r: { code: string }) => r.code));
    const missing = BUILT_IN_ATTRIBUTES.filter((a) => !have.has(a.code));
    if (missing.length) await knex('ops_dispatch_attribute').insert(missing.map((a) => ({ ...a, name: zh.builtinNames[a.code], builtin: 1, ...stamp() })));
  },
};

/** The default rules, once per database (an operator's changes stay). */
const rulesSeed: Seed = {
  name: 'assignment-rules',
  once: true,
  async run(knex) {
    if (await knex('ops_dispatch_rule').first()) return;
    await knex('ops_dispatch_rule').insert(DEFAULT_RULES.map((r) => ({ ...r, scope: 'all', line_id: null, customer_id: null, enabled: 1, remark: null, ...stamp() })));
  },
};

export const assignmentArea: PluginArea = {
  key: 'assignment',
  menus: [
    assignmentGroup([
      { key: MENU.attributes, path: '/smartorderassignment/dispatchattributes', titleKey: 'portops:assignment.menu.dispatchattributes', order: 30 },
      { key: MENU.rules, path: '/smartorderassignment/dispatchrules', titleKey: 'portops:assignment.menu.dispatchrules', order: 40 },
    ]),
  ],
  screens,
  migrations: [
    {
      name: 'assignment_001',
      async up(knex) {
        await knex.schema.createTable('ops_dispatch_attribute', (t) => {
          t.increments('id');
          t.string('code', 32).notNullable().unique();
          t.string('name', 50).notNullable();
          t.string('kind', 8).notNullable();
          t.string('unit', 20).nullable();
          t.string('direction', 16).nullable();
          t.boolean('builtin').notNullable().defaultTo(false);
          t.string('description', 500).nullable();
          auditColumns(t);
        });
        await knex.schema.createTable('ops_dispatch_rule', (t) => {
          t.increments('id');
          t.string('name', 50).notNullable();
          t.string('attribute_code', 32).notNullable().index();
          t.string('kind', 8).notNullable();
          t.decimal('weight', 10, 2).notNullable();
          t.integer('priority').notNullable().defaultTo(0);
          // The rule's one parameter; its meaning follows attribute and kind (dispatch.ts parameterOf).
          t.decimal('threshold', 12, 2).nullable();
          t.string('scope', 10).notNullable().defaultTo('all');
          t.integer('line_id').nullable().index();
          t.integer('customer_id').nullable().index();
          t.boolean('enabled').notNullable().defaultTo(true);
          t.string('remark', 200).nullable();
          auditColumns(t);
        });
      },
      async down(knex) {
        for (const table of ['ops_dispatch_rule', 'ops_dispatch_attribute']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  grants: [{ role: 'PTGL', menus: [MENU.group, MENU.attributes, MENU.rules], permissions: [...new Set([...Object.values(ATTRIBUTE_PERMISSIONS), ...Object.values(RULE_PERMISSIONS)])] }],
  seeds: [attributesSeed, rulesSeed],
  resources: [dispatchAttributeResource, dispatchRuleResource],
  lookups: assignmentLookups,
  locales: { zh, en, my },
};
