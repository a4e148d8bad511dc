// Test helpers of the tally area: a port-ops plugin of the customers area (the plans' customers,
// the shipper login) and this area alone, so its tests do not depend on the other areas' work;
// valid payloads.
import { definePlugin } from '../../../core/plugin';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';
import { customersArea } from '../customers';
import { tallyArea } from '.';

export const tallyPortOps = definePlugin({
  id: 'portops',
  root: 'plugins/port-ops',
  areas: [customersArea, tallyArea],
  demoLogins: [{ username: 'shipper', nickname: '货主演示', userType: 4 }],
  locales: { zh, en, my },
});

export const planPayload = (customerId: number, over: Record<string, unknown> = {}) => ({
  direction: 'inbound',
  customerId,
  goodsCode: 'G005',
  planDate: '2026-12-01',
  yardCode: 'RL-Y01',
  berthCode: null,
  plannedPieces: 3000,
  plannedTonnes: '100',
  remark: '测试计划',
  ...over,
});

export const workPayload = (planId: number, over: Record<string, unknown> = {}) => ({
  planId,
  pieces: 1000,
  tonnes: '33.3',
  yardSlot: 'A区-03',
  team: '理货一班',
  startAt: '2026-12-01T00:30:00.000Z',
  endAt: '2026-12-01T04:10:00.000Z',
  override: false,
  overrideReason: null,
  ...over,
});

export const weightPayload = (over: Record<string, unknown> = {}) => ({
  plateNo: '云NA1234',
  direction: 'in',
  gross: '49.20',
  tare: '15.80',
  weighedAt: '2026-12-01T00:05:00.000Z',
  operatorName: null,
  planId: null,
  customerId: null,
  remark: null,
  ...over,
});
