// Demo contracts, one in each state, made through the same services as the screens: a draft
// purchase contract (trader ← broker) to review, an entrustment the trader has signed and the
// broker has still to sign, a completed transport contract (trader, fleet, broker) with its
// certificate page, an offline contract past its expiry (expired by the job), one expiring within
// the month (the top bar's 即将到期合同 lists it), and one the bank rejected (abnormal). Dates are
// relative to the day of seeding.
import { demoActor, demoDataSeed, createRow, saveFile, transitionRows } from '@core/server';
import { isoDay } from '@core/shared';
import type { Knex } from 'knex';
import { contractResource } from './contract.server';
import { rejectContract, signContract, CONTRACT_RESOURCE } from './signing.server';
import { runContractJob } from './expiry.server';
import { buildDemoTemplate } from '../templates/demo-templates.server';

const addDays = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

async function enterpriseOf(knex: Knex, username: string): Promise<number | null> {
  const row = await knex('ctr_enterprise as e').join('sys_user as u', 'u.company_name', 'e.name').where('u.username', username).first('e.id');
  return row ? Number(row.id) : null;
}

async function templateId(knex: Knex, code: string): Promise<number | null> {
  const row = await knex('ctr_template').where({ code }).first('id');
  return row ? Number(row.id) : null;
}

async function sealOf(knex: Knex, enterpriseId: number): Promise<number> {
  return Number((await knex('ctr_seal').where({ enterprise_id: enterpriseId, kind: 'contractSeal' }).first('id')).id);
}

export const contractsDemo = demoDataSeed('contracts-demo', async (knex, { registry, demoPassword }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const trader = await demoActor(knex, registry, 'trader');
  const broker = await demoActor(knex, registry, 'broker');
  const bank = await demoActor(knex, registry, 'bank');
  const fleet = await demoActor(knex, registry, 'fleet');
  const T = await enterpriseOf(knex, 'trader');
  const B = await enterpriseOf(knex, 'broker');
  if (!operator || !trader || !broker || !T || !B) return;
  const opts = { knex, trusted: true };
  const origin = 'http://localhost:3000';
  const make = async (input: Record<string, unknown>) => Number((await createRow(contractResource, operator, input, operator.t, opts)).id);
  const base = { type: 'online', currency: 'CNY', effectiveDate: addDays(-5), expiryDate: addDays(360) };
  const sign = async (id: number, who: NonNullable<typeof trader>, enterprise: number) => signContract(knex, { id, actor: who, password: demoPassword, sealId: await sealOf(knex, enterprise), t: who.t, origin });

  const purchase = await templateId(knex, 'purchase');
  const entrust = await templateId(knex, 'customsEntrustment');
  const transport = await templateId(knex, 'transport');

  // Draft: made, not yet sent.
  if (purchase) await make({ ...base, title: '天然橡胶采购合同', templateId: purchase, amount: '1280000.00', goods: '天然橡胶 STR20 200 吨', parties: [{ enterpriseId: T }, { enterpriseId: B }] });

  // Signing: the trader has signed; the broker's turn.
  if (entrust) {
    const id = await make({ ...base, title: '2026 年度代理报关委托书', templateId: entrust, amount: '36000.00', goods: '大米、橡胶、红木家具', parties: [{ enterpriseId: T }, { enterpriseId: B }] });
    await transitionRows(contractResource, operator, [id], 'send', operator.t, opts);
    await sign(id, trader, T);
  }

  // Normal: the trader, the fleet and the broker have all signed.
  const F = fleet ? await enterpriseOf(knex, 'fleet') : null;
  if (transport && fleet && F) {
    const id = await make({ ...base, title: '瑞丽—曼德勒货物运输合同', templateId: transport, amount: '86500.00', goods: '天然橡胶 120 吨', route: '瑞丽姐告—木姐—曼德勒', parties: [{ enterpriseId: T }, { enterpriseId: F }, { enterpriseId: B }] });
    await transitionRows(contractResource, operator, [id], 'send', operator.t, opts);
    await sign(id, trader, T);
    await sign(id, fleet, F);
    await sign(id, broker, B);
  }

  // Abnormal: the bank refused to sign.
  const K = bank ? await enterpriseOf(knex, 'bank') : null;
  if (purchase && bank && K) {
    const id = await make({ ...base, title: '跨境人民币结算服务协议', templateId: purchase, currency: 'CNY', amount: '5000.00', goods: '结算服务', parties: [{ enterpriseId: K }, { enterpriseId: T }] });
    await transitionRows(contractResource, operator, [id], 'send', operator.t, opts);
    await rejectContract(knex, { id, actor: bank, reason: '协议金额与报价不符，请重新核对后发起。', t: bank.t });
  }

  // Expired: an offline contract (a scan) that ended last month; the daily job marks it.
  const scan = await saveFile(knex, { name: 'HT-2025-仓储协议-扫描件.pdf', ext: 'pdf', bytes: (await buildDemoTemplate('purchase', 'zh')).pdf, resource: CONTRACT_RESOURCE, recordId: null, createdBy: operator.user.id, createdByName: operator.user.username });
  await make({ type: 'offline', title: '2025 年度仓储服务协议（线下）', currency: 'USD', amount: '12000.00', signedDate: addDays(-400), effectiveDate: addDays(-395), expiryDate: addDays(-30), attachmentFileId: scan.id, parties: [{ enterpriseId: T }, { enterpriseId: B }] });
  // Expiring soon: an offline agreement that ends within the 30 days the badge warns of.
  const yardScan = await saveFile(knex, { name: 'HT-2026-堆场租赁-扫描件.pdf', ext: 'pdf', bytes: (await buildDemoTemplate('purchase', 'zh')).pdf, resource: CONTRACT_RESOURCE, recordId: null, createdBy: operator.user.id, createdByName: operator.user.username });
  await make({ type: 'offline', title: '2026 年一季度堆场租赁协议（线下）', currency: 'CNY', amount: '48000.00', signedDate: addDays(-70), effectiveDate: addDays(-65), expiryDate: addDays(20), attachmentFileId: yardScan.id, parties: [{ enterpriseId: T }, { enterpriseId: B }] });
  await runContractJob(knex, isoDay(new Date()), origin);
});
