// Advance receipts on the generic resource page (the fund sub-ledger has its own, with tabs).
import type { ScreenDef } from '@core/shared';
import { MENU_GROUP, advanceReceiptDef } from './funds';

export const screens: ScreenDef[] = [{ path: 'price/payStatement', resource: advanceReceiptDef, menu: { parent: MENU_GROUP, order: 10 } }];
