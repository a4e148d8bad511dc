// GET /api/finance/bills/statement: the signed-in payer's bills as an XLSX statement.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getKnex, getT, handleApi, requireUser } from '@core/server';
import { SETTLEMENT_MENU, SETTLEMENT_PERMISSION } from '../settlement';
import { statementXlsx } from '../settlement.server';

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request, { menu: SETTLEMENT_MENU, permission: SETTLEMENT_PERMISSION });
    const bytes = await statementXlsx(getKnex(), user.id, await getT(request));
    const name = `statement-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    });
  });
