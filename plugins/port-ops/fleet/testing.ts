// Test helpers of the fleet area: a port-ops plugin made of this area alone (so its tests do not
// depend on the other port-ops areas' work), valid payloads, and a translate function.
import { definePlugin } from '../../../core/plugin';
import { withCreditCheck } from '../../../core/resource/identity';
import { createI18n } from '../../../core/i18n/i18n';
import type { Registry } from '../../../core/registry.server';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';
import { fleetArea } from '.';

export const fleetOnlyPortOps = definePlugin({
  id: 'portops',
  root: 'plugins/port-ops',
  areas: [fleetArea],
  demoLogins: [
    { username: 'fleet', nickname: '顺达车队调度', userType: 3 },
    { username: 'driver', nickname: '李建国', userType: 3 },
  ],
  locales: { zh, en, my },
});

/** The registry's catalogue in one language, as the server translates a request. */
export const translator = (registry: Registry, lang: 'zh' | 'en' | 'my' = 'zh') => createI18n(lang, { [lang]: registry.locales(lang) }).getFixedT(lang);

export const fleetPayload = (over: Record<string, unknown> = {}) => ({
  name: '芒市腾达运输车队',
  creditCode: withCreditCheck('91533103MA6P4W9K2'),
  contact: '赵腾达',
  phone: '13988771234',
  address: '云南省芒市勐焕路 18 号',
  transportLicenceNo: '云交运管许可德字533103000888号',
  dgLicensed: false,
  ...over,
});

export const vehiclePayload = (fleetId: number, over: Record<string, unknown> = {}) => ({
  plateNo: '云N·K6001',
  vehicleType: 'box',
  axles: 3,
  ratedLoad: '18.5',
  fleetId,
  licenceNo: '533100019901',
  insuranceExpiry: '2030-06-30',
  inspectionExpiry: '2030-03-31',
  ...over,
});

export const driverPayload = (fleetId: number, over: Record<string, unknown> = {}) => ({
  name: '王海',
  idType: 'prcId',
  idNo: '533102198807160314',
  licenceClass: 'B2',
  licenceNo: '533100109901',
  licenceExpiry: '2031-07-16',
  phone: '13988775678',
  fleetId,
  ...over,
});
