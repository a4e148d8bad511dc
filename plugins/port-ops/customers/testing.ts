// Test helpers of the customers area: valid payloads and a fresh database with the system and
// port-ops plugins (finance absent: the area works without it).
import { withCreditCheck } from '@core/shared';

let n = 0;
/** A valid unified social credit code, different at each call. */
export const creditCode = () => withCreditCheck(`9153310${String(Date.now() % 1e8).padStart(8, '0')}${String(++n % 100).padStart(2, '0')}`);

export const customerPayload = (over: Record<string, unknown> = {}) => ({
  name: `瑞丽测试客户${Date.now() % 100000}${++n}`,
  kind: 'shipper',
  creditCode: creditCode(),
  provinceCode: '530000',
  cityCode: '533100',
  countyCode: '533102',
  address: '瑞丽市姐告大道1号',
  settlementMethod: 'monthly',
  creditLimit: '10000.50',
  userId: null,
  contacts: [{ name: '张三', phone: '13800138000' }],
  ...over,
});

export const contractPayload = (customerId: number, lineId: number, over: Record<string, unknown> = {}) => ({
  customerId,
  carrierName: '瑞丽中缅口岸物流调度中心',
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  currency: 'CNY',
  paymentTerms: '月结',
  attachmentFileId: null,
  lines: [{ lineId, priceUnit: 'tonne', price: '100.00' }],
  ...over,
});

export const linePayload = (over: Record<string, unknown> = {}) => ({
  name: `测试线路${Date.now() % 100000}${++n}`,
  origin: '瑞丽口岸',
  originCity: '533100',
  destination: '芒市物流园',
  destinationCity: '533100',
  distanceKm: 90,
  transitHours: '2.5',
  vehicleTypes: ['boxTruck', 'flatbed'],
  lossTolerance: '1.5',
  remark: null,
  ...over,
});
