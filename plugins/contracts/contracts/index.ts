// Contracts: inquiry (made by the platform, signed in order by the parties), signed documents,
// the bank's inquiry, the daily expiry job and its badge, and the service other plugins call.
import { CONTRACTS, type PluginArea } from '@core/shared';
import { CONTRACT_PERMS, MENU } from '../common';
import { K } from './contract';
import { screens } from './screens';
import { contractResource } from './contract.server';
import { signedResource } from './signed.server';
import { contractJob, expiryBadge } from './expiry.server';
import { contractsService } from './service.server';
import { contractsDemo } from './demo';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const contractsArea: PluginArea = {
  key: 'contracts',
  locales: { zh, en, my },
  screens,
  resources: [contractResource],
  screenResources: [signedResource],
  // What the screen does not derive: signing and rejecting (the signer's own API), and seeing every party's contracts.
  permissions: (['sign', 'reject', 'all'] as const).map((a) => ({ code: CONTRACT_PERMS[a], titleKey: `${K}.perm.${a}`, menu: MENU.inquiry })),
  routes: [
    { path: 'api/contracts/contract/:id/sign', file: 'contracts/routes/api.sign.ts', layout: 'none' },
    { path: 'api/contracts/contract/:id/reject', file: 'contracts/routes/api.reject.ts', layout: 'none' },
    { path: 'api/contracts/contract/:id/pdf', file: 'contracts/routes/api.pdf.ts', layout: 'none' },
  ],
  jobs: [contractJob],
  badges: [expiryBadge],
  services: { [CONTRACTS]: contractsService },
  seeds: [contractsDemo],
};
