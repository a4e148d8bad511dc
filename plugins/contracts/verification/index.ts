// 验签: the verification page and its API (any PDF, a contract's, or a kept document by hash),
// and the platform root certificate to download (to trust it in a PDF reader).
import type { PluginArea } from '@core/shared';
import { MENU, VERIFY_PERM } from '../common';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const verificationArea: PluginArea = {
  key: 'verification',
  locales: { zh, en, my },
  permissions: [{ code: VERIFY_PERM, titleKey: 'contracts:verification.use', menu: MENU.verify, mandatory: true }],
  routes: [
    { path: 'contract/signingCeremony', file: 'verification/routes/page.tsx' },
    { path: 'api/contracts/verify', file: 'verification/routes/api.verify.ts', layout: 'none', multipart: true },
    { path: 'api/contracts/ca.pem', file: 'verification/routes/api.caPem.ts', layout: 'none' },
  ],
};
