// GET /api/finance/bills/statement: the signed-in payer's bills as an XLSX statement.
import { XLSX, api, download } from '@core/server';
import { SETTLEMENT_MENU, SETTLEMENT_PERMISSION } from '../settlement';
import { statementXlsx } from '../settlement.server';

export const loader = api({ menu: SETTLEMENT_MENU, permission: SETTLEMENT_PERMISSION }, async ({ knex, user, t }) =>
  download(await statementXlsx(knex, user.id, t), `statement-${new Date().toISOString().slice(0, 10)}.xlsx`, XLSX),
);
