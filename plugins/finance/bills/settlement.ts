// Menu and permission of the trader's unified settlement page, and its list of their recent
// bills (rows the screen reads through the bills-payable resource: settlement.server.ts).
import { z } from 'zod';
import { defineResource } from '@core/shared';
import { billPayableDef } from './bill';

export const SETTLEMENT_GROUP = 'unifiedSettlement';
export const SETTLEMENT_MENU = 'unifiedSettlement.settlementManage';
export const SETTLEMENT_PERMISSION = 'finance:settlement:view';

const COLUMNS = ['serialNo', 'orderNo', 'payeeName', 'billDate', 'amount', 'status'];

export const settlementBillDef = defineResource({
  plugin: 'finance',
  name: 'settlementBill',
  table: 'fin_bill',
  titleKey: 'finance:bills.settlement.bills',
  menu: SETTLEMENT_MENU,
  readOnly: true,
  permissions: { list: SETTLEMENT_PERMISSION },
  emptyHintKey: 'finance:bills.settlement.none',
  fields: COLUMNS.map((name) => ({ ...billPayableDef.fields.find((f) => f.name === name)!, filter: undefined, sortable: false, list: {} })),
  schema: () => z.object({}),
});
