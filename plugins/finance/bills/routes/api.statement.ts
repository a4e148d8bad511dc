// GET /api/finance/bills/statement: the signed-in payer's bills as an XLSX statement.
import { api } from '@core/server';
import { SETTLEMENT_MENU, SETTLEMENT_PERMISSION } from '../settlement';
import { statementXlsx } from '../settlement.server';

export const loader = api({ menu: SETTLEMENT_MENU, permission: SETTLEMENT_PERMISSION }, async ({ knex, user, t }) => {
  const bytes = await statementXlsx(knex, user.id, t);
  const name = `statement-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });
});
