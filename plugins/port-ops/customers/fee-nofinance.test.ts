// Fee items where the finance plugin is not installed (a registry of the system and port-ops
// plugins only): a charging rule is refused with a clear message, an item that names one (kept
// from when finance was there) costs its own rate, and the fee screen leaves the rule field out.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import { answerOf, req, run } from '../../../tests/support/http';
import * as screenPage from '../../../app/screen';
import system from '../../system';
import portops from '..';
import * as feeAmountRoute from './routes/api.feeAmount';

const db = setUpTestDb({ plugins: [system, portops], registry: true, logins: ['operator'] });
const fees = () => resourceApi('portops', 'fee', { cookie: db.cookies.operator });
const fee = (over: Record<string, unknown> = {}) => ({ code: `N${Date.now() % 100000}`, name: '运费', kind: 'freight', unit: 'tonne', rate: '8.5', currency: 'CNY', remark: null, ...over });

describe('a fee item without the finance plugin', () => {
  it('refuses a charging rule with a clear message, and nothing is created', async () => {
    const before = await db.knex('ops_fee_item').count({ c: '*' }).first();
    const res = await fees().create(fee({ chargingRuleId: 1 }));
    expect(res.fieldErrors).toEqual({ chargingRuleId: '未安装财务模块，不能关联计费规则' });
    expect(await db.knex('ops_fee_item').count({ c: '*' }).first()).toEqual(before);
  });

  it('prices an item that names a rule by its own rate, and says finance is absent: 150 t × 8.5 = 1275.00', async () => {
    const id = Number((await fees().create(fee())).data.id);
    await db.knex('ops_fee_item').where({ id }).update({ charging_rule_id: 1 });
    const { body } = await answerOf(feeAmountRoute.action, req('/api/portops/feeAmount', { cookie: db.cookies.operator, json: { feeItemId: id, date: '2026-03-01', tonnes: '150' } }));
    expect(body.data).toMatchObject({ basis: 'own', reason: 'noFinance', amount: '1275.00', currency: 'CNY', explanation: '运费: 150吨×8.5 = 1275.00' });
  });

  it('the fee screen leaves the charging-rule field out', async () => {
    const page = await run(screenPage.loader, req('/customermanage/fee', { cookie: db.cookies.operator }));
    expect((page.data as { absentFields: string[] }).absentFields).toEqual(['chargingRuleId']);
  });
});
