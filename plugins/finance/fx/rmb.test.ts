// Cross-border RMB payment/receipt statements through the REST API on a fresh seeded MariaDB:
// the SPEC §5 rules (declaration currency unique, declarations within 30 days of the receipt,
// a collection instruction for an advance payment, legal numbers for amounts, ratios, days,
// organisation code and balance code), the declarations saved with the statement, and each
// owner kept to their own statements.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import system from '../../system';
import { daysBetween, isOrgCode } from './rmb';
import { fxOnlyFinance, rmbPayload } from './testing';
import { upload } from '../../../tests/support/files';

const db = setUpTestDb({ plugins: [system, fxOnlyFinance], dataDir: true, logins: ['trader', 'broker', 'operator', 'bank'] });
const { cookies } = db;
const api = (who: string) => resourceApi('finance', 'rmbStatement', { cookie: cookies[who] });

describe('a statement with its customs declarations', () => {
  it('is saved with its declarations in one go and read back whole', async () => {
    const res = await api('trader').create(rmbPayload());
    expect(res.body.code, res.body.msg).toBe(200);
    const s = res.body.data!;
    expect(s.totalAmount).toBe('100000.00');
    expect(s.declarations).toEqual([
      { year: 2026, month: 3, declDate: '2026-03-02', customsAmount: '60000.00', currency: 'RMB' },
      { year: 2026, month: 3, declDate: '2026-03-25', customsAmount: '5000.00', currency: 'USD' },
    ]);
    const upd = await api('trader').update(Number(s.id), { ...rmbPayload({ declarations: [{ year: 2026, month: 3, declDate: '2026-03-12', customsAmount: '1.50', currency: 'EUR' }] }), version: s.version });
    expect(upd.body.code, upd.body.msg).toBe(200);
    expect(await db.knex('fin_rmb_statement_decl').where({ statement_id: s.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect((await api('trader').remove(Number(s.id))).body.code).toBe(200);
    expect(await db.knex('fin_rmb_statement_decl').where({ statement_id: s.id }).first()).toBeUndefined();
  });

  it('wants each declaration currency once (SPEC §5)', async () => {
    const dup = await api('trader').create(
      rmbPayload({
        declarations: [
          { year: 2026, month: 3, declDate: '2026-03-02', customsAmount: '100.00', currency: 'USD' },
          { year: 2026, month: 3, declDate: '2026-03-05', customsAmount: '200.00', currency: 'USD' },
        ],
      }),
    );
    expect(dup.fieldErrors.declarations).toBe('报关币种不能重复（第2条）');
  });

  it('takes declarations within 30 days of the receipt date (SPEC §9)', async () => {
    const edge = await api('trader').create(rmbPayload({ declarations: [{ year: 2026, month: 4, declDate: '2026-04-09', customsAmount: '1.00', currency: 'RMB' }] }));
    expect(edge.body.code, edge.body.msg).toBe(200);
    const late = await api('trader').create(rmbPayload({ declarations: [{ year: 2026, month: 4, declDate: '2026-04-10', customsAmount: '1.00', currency: 'RMB' }] }));
    expect(late.fieldErrors.declarations).toBe('第1条报关单日期须在收款日期30天内');
    const early = await api('trader').create(rmbPayload({ declarations: [{ year: 2026, month: 2, declDate: '2026-02-07', customsAmount: '1.00', currency: 'RMB' }] }));
    expect(early.fieldErrors.declarations).toBe('第1条报关单日期须在收款日期30天内');
  });

  it('refuses a declaration line whose year and month do not match its date', async () => {
    const res = await api('trader').create(rmbPayload({ declarations: [{ year: 2025, month: 3, declDate: '2026-03-02', customsAmount: '1.00', currency: 'RMB' }] }));
    expect(res.fieldErrors.declarations).toBe('第1条报关单信息不完整或不正确');
  });

  it('needs a collection instruction for an advance payment (text or an uploaded file)', async () => {
    const missing = await api('trader').create(rmbPayload({ advancePayment: '5000.00' }));
    expect(missing.fieldErrors.collectionInstruction).toBe('有预收/预付货款时需要收款指令');
    const text = await api('trader').create(rmbPayload({ advancePayment: '5000.00', collectionInstruction: 'SK-2026-0310' }));
    expect(text.body.code, text.body.msg).toBe(200);
    const up = await upload(cookies.trader, 'finance.rmbStatement', '收款指令.pdf');
    const fileId = Number((up.body.data as { id: number }).id);
    const file = await api('trader').create(rmbPayload({ advancePayment: '5000.00', collectionFileId: fileId }));
    expect(file.body.code, file.body.msg).toBe(200);
    expect(file.body.data!.collectionFile).toEqual(expect.objectContaining({ id: fileId, name: '收款指令.pdf' }));
    expect((await api('trader').create(rmbPayload({ advancePayment: '0' }))).body.code).toBe(200);
  });

  it('wants legal numbers for amounts, ratio, days, organisation code and balance code (SPEC §5)', async () => {
    const bad = await api('trader').create(rmbPayload({ totalAmount: '12a', goodsTradeAmount: '-1', contractRatio: '100.01', days: '3.5', orgCode: '123456789', balanceCode: '12A' }));
    expect(bad.fieldErrors).toEqual(
      expect.objectContaining({
        totalAmount: '收款总金额必须是合法的数字',
        goodsTradeAmount: '货物贸易金额必须是合法的数字',
        contractRatio: '合同金额比例(%)必须是合法的数字',
        days: '天数必须是合法的数字',
        orgCode: '组织机构代码必须是合法的数字',
        balanceCode: '收支编码必须是合法的数字',
      }),
    );
    const good = await api('trader').create(rmbPayload({ totalAmount: '0.01', contractRatio: '100', days: '0', orgCode: '123456788', balanceCode: '0' }));
    expect(good.body.code, good.body.msg).toBe(200);
  });

  it('checks the organisation code check character', () => {
    expect(isOrgCode('D2143569X')).toBe(true);
    expect(isOrgCode('D2143569-X')).toBe(true);
    expect(isOrgCode('D21435691')).toBe(false);
    expect(daysBetween('2026-03-10', '2026-04-09')).toBe(30);
  });
});

describe('who sees which statement', () => {
  it('owners see their own; the platform sees all; others get 403 without the permission', async () => {
    const mine = (await api('trader').create(rmbPayload())).body.data!;
    const theirs = (await api('broker').create(rmbPayload())).body.data!;
    const traderIds = (await api('trader').list({ pageSize: 100 })).body.data!.rows.map((r) => r.id);
    expect(traderIds).toContain(mine.id);
    expect(traderIds).not.toContain(theirs.id);
    expect((await api('trader').get(Number(theirs.id))).status).toBe(404);
    expect((await api('bank').list()).status).toBe(403);
    expect((await api('bank').create(rmbPayload())).status).toBe(403);
  });
});
