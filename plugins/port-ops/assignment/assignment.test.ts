// Dispatch attributes and rules through the REST API on a fresh seeded database: the built-in
// attributes and default rules, each check of a rule (attribute, kind, parameter and its bounds,
// scope and its line or customer) passing and failing, the built-in attributes kept, the
// operator's rights and a user without them refused, and the rules a source's scope picks.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser, signedInUser } from '../../../tests/support/resource';
import system from '../../system';
import { activeRules } from './dispatch.server';
import { MENU, RULE_PERMISSIONS } from './dispatch';
import { assignmentOnlyPortOps } from './testing';

const db = setUpTestDb({ plugins: [system, assignmentOnlyPortOps], logins: ['operator', 'trader'] });
const rules = (who = 'operator') => resourceApi('portops', 'dispatchRule', { cookie: db.cookies[who] });
const attributes = (who = 'operator') => resourceApi('portops', 'dispatchAttribute', { cookie: db.cookies[who] });

const rule = (over: Record<string, unknown> = {}) => ({ name: '瑞丽—木姐 报价优先', attributeCode: 'price', kind: 'score', weight: '5', priority: 60, scope: 'all', enabled: true, ...over });

describe('the seeded attributes and rules', () => {
  it('has the nine built-in attributes and a default rule set the operator sees', async () => {
    const a = await attributes().list({ pageSize: 50 });
    expect(a.code, a.msg).toBe(200);
    expect(a.data.rows.map((r) => r.code).sort()).toEqual(['blacklist', 'capacity', 'dangerousGoods', 'loss', 'onTime', 'price', 'qualification', 'shareCap', 'vehicleType']);
    expect(a.data.rows.every((r) => r.builtin === true)).toBe(true);
    const r = await rules().list({ pageSize: 50 });
    expect(r.data.rows.length).toBeGreaterThanOrEqual(10);
    expect(r.data.rows[0]).toMatchObject({ name: '黑名单车队不派单', kind: 'filter', priority: 100 });
  });

  it('hands the optimiser the default rules for any source, with their parameters', async () => {
    const active = await activeRules(db.knex, {});
    expect(active.find((r) => r.attribute === 'onTime' && r.kind === 'filter')?.parameters).toEqual({ minRate: 80 });
    expect(active.find((r) => r.attribute === 'shareCap' && r.kind === 'score')?.parameters).toEqual({ preferredPercent: 25 });
    expect(active.find((r) => r.attribute === 'price')?.weight).toBe(6);
  });
});

describe('the attribute picker', () => {
  it('names the built-in attributes in the user\'s language and a custom one as stored', async () => {
    await attributes().create({ code: 'tyreAge', name: '轮胎年限', kind: 'score' });
    const user = await sessionUser(db.knex, 'operator');
    const options = await db.registry.context().lookup('portops.dispatchAttributes', user);
    expect(options.find((o) => o.value === 'onTime')).toMatchObject({ label: '准时率', labels: { en: 'On-time rate', my: 'အချိန်မှန်နှုန်း' } });
    expect(options.find((o) => o.value === 'tyreAge')).toEqual({ value: 'tyreAge', label: '轮胎年限' });
  });
});

describe('a dispatch rule', () => {
  it('is saved with a valid attribute, kind and weight; a score on price takes no parameter', async () => {
    const res = await rules().create(rule({ threshold: '99' }));
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ attributeCode: 'price', kind: 'score', weight: '5', threshold: null, enabled: true });
  });

  it('requires a name and a known attribute', async () => {
    expect((await rules().create(rule({ name: '' }))).fieldErrors.name).toBe('规则名称不能为空');
    expect((await rules().create(rule({ attributeCode: 'colour' }))).fieldErrors.attributeCode).toBe('派单属性格式不正确');
  });

  it('refuses a kind its attribute does not support (a score on the blacklist)', async () => {
    expect((await rules().create(rule({ attributeCode: 'blacklist', kind: 'score' }))).fieldErrors.kind).toBe('该派单属性不支持此规则类型');
    expect((await rules().create(rule({ attributeCode: 'blacklist', kind: 'filter' }))).code).toBe(200);
  });

  it('requires the parameter a rule takes, within its bounds: a minimum on-time rate of 0–100 %', async () => {
    const onTime = (threshold: unknown) => rules().create(rule({ name: '准时率下限', attributeCode: 'onTime', kind: 'filter', threshold }));
    expect((await onTime(null)).fieldErrors.threshold).toBe('准时率下限不能为空');
    expect((await onTime('120')).fieldErrors.threshold).toBe('准时率下限须在 0 到 100 之间');
    const ok = await onTime('85.5');
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.threshold).toBe('85.5');
  });

  it('takes a minimum lot in whole lots only', async () => {
    const minLot = (threshold: string) => rules().create(rule({ name: '最小批量', attributeCode: 'capacity', kind: 'filter', threshold }));
    expect((await minLot('1.5')).fieldErrors.threshold).toBe('最小派单批量须在 1 到 1000 之间');
    expect((await minLot('3')).code).toBe(200);
  });

  it('refuses a weight that is not a number and a priority above 999', async () => {
    expect((await rules().create(rule({ weight: 'abc' }))).fieldErrors.weight).toBe('权重必须是数字');
    expect((await rules().create(rule({ priority: 1000 }))).fieldErrors.priority).toBeTruthy();
  });

  it('needs the line for a line rule and the customer for a customer rule, and keeps only the id its scope names', async () => {
    expect((await rules().create(rule({ scope: 'line' }))).fieldErrors.lineId).toBe('线路不能为空');
    expect((await rules().create(rule({ scope: 'customer', lineId: 3 }))).fieldErrors.customerId).toBe('客户不能为空');
    const res = await rules().create(rule({ scope: 'line', lineId: 3, customerId: 8 }));
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ scope: 'line', lineId: 3, customerId: null });
  });

  it('for a source on a line, overrides the general rule of the same attribute and kind', async () => {
    await rules().create(rule({ name: '瑞丽—曼德勒 报价权重 9', weight: '9', scope: 'line', lineId: 42 }));
    const onLine = await activeRules(db.knex, { lineId: 42 });
    const price = onLine.filter((r) => r.attribute === 'price' && r.kind === 'score');
    expect(price.map((r) => r.weight)).toEqual([9]);
    expect((await activeRules(db.knex, { lineId: 41 })).find((r) => r.attribute === 'price' && r.kind === 'score')?.weight).not.toBe(9);
  });

  it('switched off, no longer applies', async () => {
    const created = await rules().create(rule({ name: '客户专用 货损', attributeCode: 'loss', weight: '7', scope: 'customer', customerId: 77 }));
    expect((await activeRules(db.knex, { customerId: 77 })).find((r) => r.attribute === 'loss')?.weight).toBe(7);
    const res = await rules().update(Number(created.data.id), {
      ...rule({ name: '客户专用 货损', attributeCode: 'loss', weight: '7', scope: 'customer', customerId: 77 }),
      enabled: false,
      version: created.data.version,
    });
    expect(res.code, res.msg).toBe(200);
    expect((await activeRules(db.knex, { customerId: 77 })).find((r) => r.attribute === 'loss')?.weight).toBe(2);
  });
});

describe('dispatch attributes', () => {
  it('adds an attribute with a unique code in the allowed format', async () => {
    const make = (code: string) => attributes().create({ code, name: '车辆年限', kind: 'score', unit: '年', direction: 'lowerBetter' });
    expect((await make('vehicleAge')).code).toBe(200);
    expect((await make('vehicleAge')).fieldErrors.code).toBe('属性编码已存在');
    expect((await make('9age')).fieldErrors.code).toBe('属性编码须以字母开头，只含字母、数字和下划线，最多 32 个字符');
  });

  it('keeps the built-in ones: not deleted, code not changed, a kind the optimiser evaluates', async () => {
    const row = (await attributes().list({ code: 'blacklist' })).data.rows[0];
    const del = await attributes().remove(Number(row.id));
    expect(del.msg).toBe('内置派单属性不能删除，编码不能修改');
    const base = { code: 'blacklist', name: '黑名单', kind: 'filter', version: row.version };
    expect((await attributes().update(Number(row.id), { ...base, code: 'blocked' })).fieldErrors.code).toBe('内置派单属性不能删除，编码不能修改');
    expect((await attributes().update(Number(row.id), { ...base, kind: 'score' })).fieldErrors.kind).toBe('该派单属性不支持此规则类型');
    const renamed = await attributes().update(Number(row.id), { ...base, name: '黑名单车队' });
    expect(renamed.code, renamed.msg).toBe(200);
    expect((await db.knex('ops_dispatch_attribute').where({ code: 'blacklist' }).first()).builtin).toBeTruthy();
  });

  it('refuses to delete an attribute a rule uses', async () => {
    const a = await attributes().create({ code: 'roadSafety', name: '安全评分', kind: 'filter' });
    await rules().create(rule({ name: '安全评分过滤', attributeCode: 'roadSafety', kind: 'filter' }));
    expect((await attributes().remove(Number(a.data.id))).msg).toBe('该派单属性已被派单规则使用，不能删除');
  });
});

describe('who may edit the rules', () => {
  it('refuses a user without the rule permissions (403), on the server', async () => {
    const res = await rules('trader').create(rule());
    expect(res.status).toBe(403);
    expect((await rules('trader').list()).status).toBe(403);
  });

  it('lets a user who may only view the rules list them but not add one', async () => {
    const viewer = await signedInUser(db.knex, { menus: [MENU.group, MENU.rules], permissions: [RULE_PERMISSIONS.list] });
    const api = resourceApi('portops', 'dispatchRule', { cookie: viewer.cookie });
    expect((await api.list()).code).toBe(200);
    expect((await api.create(rule())).status).toBe(403);
  });
});
