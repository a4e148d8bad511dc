// Service finance.partyBills: the bills pushed to one payer, newest first, a page at a time,
// with labels in the caller's language; never a draft, never another payer's bill.
import { describe, expect, it } from 'vitest';
import { PARTY_BILLS, type PartyBills } from '@core/shared';
import { tFor } from '@core/server';
import { makeUser } from '../../../tests/support/resource';
import { db, pushedBill, setUpBillsSuite, staged, traderId } from './bills.fixture';

setUpBillsSuite();

const service = () => db.registry.service<PartyBills>(PARTY_BILLS);

describe('finance.partyBills', () => {
  it('pages the payer’s pushed bills newest first, with translated labels, and leaves out drafts and other payers’ bills', async () => {
    const before = await service().page(db.knex, traderId, { page: 1, pageSize: 100 }, tFor('en'));
    const ids: number[] = [];
    for (const date of ['2026-11-01', '2026-11-03', '2026-11-02']) ids.push(await pushedBill({ billDate: date, orderNo: `SO-PB-${date}` }));
    await staged({ orderNo: 'SO-PB-DRAFT', billDate: '2026-11-05' });
    const other = await makeUser(db.knex, { roleIds: [], userType: 4 });
    await pushedBill({ orderNo: 'SO-PB-OTHER', payerUserId: other.id, billDate: '2026-11-04' });

    const all = await service().page(db.knex, traderId, { page: 1, pageSize: 100 }, tFor('en'));
    expect(all.total).toBe(before.total + 3);
    const mine = all.rows.filter((r) => r.orderNo.startsWith('SO-PB-'));
    expect(mine.map((r) => r.orderNo)).toEqual(['SO-PB-2026-11-03', 'SO-PB-2026-11-02', 'SO-PB-2026-11-01']);
    expect(mine[0]).toMatchObject({
      billType: 'SERVICE',
      billTypeLabel: 'Service bill',
      amount: '200.01',
      currency: 'RMB',
      billDate: '2026-11-03',
      status: 'toConfirm',
      statusLabel: 'Payer to confirm',
      payFlag: 'unpaid',
      payFlagLabel: 'Unpaid',
      paidAt: null,
    });
    expect(mine[0].serialNo).toMatch(/^BL\d{14}$/);

    const page1 = await service().page(db.knex, traderId, { page: 1, pageSize: 2 }, tFor('zh'));
    const page2 = await service().page(db.knex, traderId, { page: 2, pageSize: 2 }, tFor('zh'));
    expect(page1.rows.length).toBe(2);
    expect(page1.total).toBe(all.total);
    expect(page2.rows[0].serialNo).toBe(all.rows[2].serialNo);
    expect(page1.rows[0].statusLabel).not.toBe('Payer to confirm');

    const others = await service().page(db.knex, other.id, { page: 1, pageSize: 10 }, tFor('my'));
    expect(others.rows.map((r) => r.orderNo)).toEqual(['SO-PB-OTHER']);
  });
});
