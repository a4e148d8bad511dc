// Test helpers of the fx area: a finance plugin made of this area alone (so its tests do not
// depend on the other finance areas' work), and valid payloads.
import { definePlugin } from '../../../core/plugin';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';
import { fxArea } from '.';

export const fxOnlyFinance = definePlugin({ id: 'finance', root: 'plugins/finance', areas: [fxArea], locales: { zh, en, my } });

export const fxPayload = (permitFileId: number | null, over: Record<string, unknown> = {}) => ({
  payerName: '德宏边境贸易有限公司',
  payerAccount: '6217850100012345678',
  payerBank: '中国银行瑞丽分行',
  beneficiaryName: 'Myanmar Golden Rice Co., Ltd.',
  beneficiaryAccount: '0012300456789',
  beneficiaryBank: 'Kanbawza Bank',
  beneficiaryBankAddress: 'No. 615/1 Pyay Road, Kamaryut, Yangon',
  swiftCode: 'KBZBMMMY',
  amount: '25000.50',
  currency: 'USD',
  payMethod: 'TT',
  urgency: 'NORMAL',
  payMode: 'account',
  contractNo: 'HT2026-001',
  billNo: null,
  postscript: '大米货款',
  permitFileId,
  ...over,
});

/** A valid GB 11714 organisation code. */
export const ORG_CODE = 'D2143569X';

export const rmbPayload = (over: Record<string, unknown> = {}) => ({
  receiptDate: '2026-03-10',
  payerName: 'Myanmar Golden Rice Co., Ltd.',
  orgCode: ORG_CODE,
  totalAmount: '100000.00',
  goodsTradeAmount: '80000.00',
  serviceTradeAmount: '20000.00',
  capitalAmount: null,
  advancePayment: null,
  contractRatio: '80',
  days: '30',
  balanceCode: '121010',
  contactPerson: '李明',
  contactMobile: '13800138000',
  legalOrgName: '德宏边境贸易有限公司',
  collectionInstruction: null,
  collectionFileId: null,
  remarks: null,
  declarations: [
    { year: 2026, month: 3, declDate: '2026-03-02', customsAmount: '60000.00', currency: 'RMB' },
    { year: 2026, month: 3, declDate: '2026-03-25', customsAmount: '5000.00', currency: 'USD' },
  ],
  ...over,
});
