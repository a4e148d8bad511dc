// Demo remittance applications of the demo trader, one at each step before the bank (a draft,
// one awaiting the platform, one the platform passed for the bank to review), each with its
// permit certificate as a real PDF in the uploads, so a new installation shows the review flow;
// and one cross-border RMB receipt statement with its two customs declarations.
import type { Knex } from 'knex';
import { resourceKey, type Seed } from '@core/shared';
import { saveFile } from '@core/server';
import { fxApplicationDef } from './fx';
import { fxAppNo } from './fx.server';

const TABLE = 'fin_fx_application';

/** A one-page permit certificate (Latin text: the built-in PDF font has no CJK glyphs). */
async function permitPdf(no: string, beneficiary: string, amount: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Permit ${no}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Foreign Exchange Payment Permit (demo)', { align: 'center' }).moveDown(2);
    doc.fontSize(11);
    for (const line of [`Permit No.: ${no}`, `Beneficiary: ${beneficiary}`, `Amount: ${amount}`, 'Issued for demonstration only; not a valid document.']) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

export const fxDemo: Seed = {
  name: 'fx-demo',
  once: true,
  async run(knex: Knex) {
    const trader = await knex('sys_user').where({ username: 'trader' }).first();
    const operator = await knex('sys_user').where({ username: 'operator' }).first();
    if (!trader) return;
    const now = new Date();
    const stamp = { created_at: now, created_by: trader.id, updated_at: now, updated_by: trader.id, version: 1 };
    const common = {
      applicant_user_id: trader.id,
      applicant_name: trader.company_name || trader.nickname,
      payer_name: trader.company_name || trader.nickname,
      payer_account: '6217850100012345678',
      payer_bank: '中国银行瑞丽分行',
      pay_method: 'TT',
      urgency: 'NORMAL',
      pay_mode: 'account',
      ...stamp,
    };
    const apps = [
      { status: 'unsettled', beneficiary_name: 'Mandalay Pulses Trading Co., Ltd.', beneficiary_account: '0045100778812', beneficiary_bank: 'AYA Bank', beneficiary_bank_address: 'No. 416 Mahabandoola Road, Yangon', swift_code: 'AYABMMMY', amount: '8600.00', currency: 'USD', contract_no: 'HT2026-031', postscript: '绿豆货款' },
      { status: 'submitted', beneficiary_name: 'Myanmar Golden Rice Co., Ltd.', beneficiary_account: '0012300456789', beneficiary_bank: 'Kanbawza Bank', beneficiary_bank_address: 'No. 615/1 Pyay Road, Kamaryut, Yangon', swift_code: 'KBZBMMMY', amount: '25000.50', currency: 'USD', contract_no: 'HT2026-001', postscript: '大米货款', submitted_at: now },
      {
        status: 'platformPassed',
        beneficiary_name: 'Muse Border Trading Co., Ltd.',
        beneficiary_account: '0098100234567',
        beneficiary_bank: 'Myanmar Apex Bank',
        beneficiary_bank_address: 'No. 7 Muse 105 Mile Trade Zone, Muse',
        swift_code: 'MAPBMMMY',
        amount: '18600.00',
        currency: 'USD',
        urgency: 'URGENT',
        contract_no: 'HT2026-017',
        postscript: '玉米货款',
        submitted_at: now,
        platform_audit_desc: '资料齐全，初审通过',
        platform_reviewed_at: now,
        platform_reviewed_by: operator?.id ?? null,
      },
    ];
    for (const app of apps) {
      const [id] = await knex(TABLE).insert({ ...common, ...app, app_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}` });
      const appNo = fxAppNo(Number(id), now);
      const file = await saveFile(knex, {
        name: `${appNo}-permit.pdf`,
        ext: 'pdf',
        bytes: await permitPdf(`P-${appNo}`, app.beneficiary_name, `${app.amount} ${app.currency}`),
        resource: resourceKey(fxApplicationDef),
        recordId: Number(id),
        createdBy: Number(trader.id),
        createdByName: String(trader.nickname),
      });
      await knex(TABLE).where({ id: Number(id) }).update({ app_no: appNo, permit_file_id: file.id });
    }
    const [statementId] = await knex('fin_rmb_statement').insert({
      owner_user_id: trader.id,
      receipt_date: '2026-03-10',
      payer_name: 'Myanmar Golden Rice Co., Ltd.',
      org_code: 'D2143569X',
      total_amount: '100000.00',
      goods_trade_amount: '80000.00',
      service_trade_amount: '20000.00',
      contract_ratio: '80.00',
      days: 30,
      balance_code: '121010',
      contact_person: '李明',
      contact_mobile: '13800138000',
      legal_org_name: trader.company_name || trader.nickname,
      remarks: '大米出口收汇',
      ...stamp,
    });
    await knex('fin_rmb_statement_decl').insert([
      { statement_id: Number(statementId), seq: 1, decl_year: 2026, decl_month: 3, decl_date: '2026-03-02', customs_amount: '60000.00', currency: 'RMB' },
      { statement_id: Number(statementId), seq: 2, decl_year: 2026, decl_month: 3, decl_date: '2026-03-25', customs_amount: '5000.00', currency: 'USD' },
    ]);
  },
};
