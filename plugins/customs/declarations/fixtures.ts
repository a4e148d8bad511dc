// A valid import declaration with two goods lines (dried peas and mung beans from Myanmar
// through Ruili): tests and the demo seed start from it.
export const peasElements = { '1': '干豌豆', '2': '0', '3': '0', '4': '食用', '5': '豌豆', '6': '干' };
export const beansElements = { '1': '绿豆', '2': '0', '3': '0', '4': '食用', '5': '绿豆' };

export function goodsLine(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hsCode: '0713109000',
    goodsName: '干豌豆',
    ciqName: '豌豆',
    elements: peasElements,
    qty: '20000',
    unit: '035',
    unitPrice: '0.6500',
    totalPrice: '13000.00',
    currency: 'USD',
    originCountry: 'MM',
    destCountry: 'CN',
    dutyMode: '1',
    legalQty1: '20000',
    legalUnit1: '035',
    dangerous: false,
    licences: [],
    ...over,
  };
}

export function importDeclaration(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ieFlag: 'I',
    ieCustoms: '8613',
    declCustoms: '8613',
    contractNo: 'MM-CN-2026-001',
    ieDate: '2026-11-20',
    consignorCreditCode: '91533102MA6K3XQ480',
    consignorCustomsCode: '5309960ABC',
    consignorCiqCode: '5300600123',
    consignorName: '德宏边境贸易有限公司',
    overseasCode: 'MM-0001',
    overseasName: 'Myanmar Golden Harvest Co., Ltd.',
    ownerName: '德宏边境贸易有限公司',
    agentName: '姐告报关行',
    transportMode: '4',
    transportName: '云N12345',
    billNo: 'RL20261120001',
    supervisionMode: '0110',
    levyNature: '101',
    departCountry: 'MM',
    portOfCall: 'MMMSE',
    transactionMode: '1',
    freight: '800.00',
    insurance: '50.00',
    packCount: 800,
    packageType: '22',
    grossWeight: '40500.5',
    netWeight: '40000',
    tradeCountry: 'MM',
    entryPort: 'CNRUL',
    storagePlace: '瑞丽姐告监管仓库',
    qualificationCategory: 'food',
    declKind: 'M',
    markingCode: 'N/M',
    goods: [goodsLine(), goodsLine({ hsCode: '0713319000', goodsName: '绿豆', ciqName: '绿豆', elements: beansElements, qty: '20000', unitPrice: '0.8000', totalPrice: '16000.00' })],
    documents: [],
    ...over,
  };
}
