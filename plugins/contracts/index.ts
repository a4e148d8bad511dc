// Contracts and e-signatures (SPEC §2 /contract: electronicSignature, contractTemplate,
// signingCeremony, alreadyUnilaterally; the declaration platform's Contract Management; the bank
// business centre's contract inquiry): templates, contracts signed in order by their parties with
// PAdES-style PKCS#7 signatures from the platform's own CA, the certificate page, verification.
// Other plugins make contracts through the `contracts.contracts` service (core's CONTRACTS).
import { definePlugin, type GrantDef } from '@core/shared';
import { CONTRACT_PERMS, ENTERPRISE_PERMS, GROUP, MENU, SEAL_PERMS, TEMPLATE_PERMS, VERIFY_PERM } from './common';
import { migrations } from './migrations';
import { sealsArea, PARTY_SEAL_PERMISSIONS } from './seals';
import { templatesArea } from './templates';
import { contractsArea } from './contracts';
import { verificationArea } from './verification';
import { contractsOpenapi } from './openapi';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const PARTY_MENUS = [GROUP, MENU.inquiry, MENU.seal, MENU.signed, MENU.verify];
const PARTY_PERMISSIONS = [CONTRACT_PERMS.list, CONTRACT_PERMS.sign, CONTRACT_PERMS.reject, VERIFY_PERM, ...PARTY_SEAL_PERMISSIONS];
const ALL = [...Object.values(CONTRACT_PERMS), ...Object.values(TEMPLATE_PERMS), ...Object.values(ENTERPRISE_PERMS), ...Object.values(SEAL_PERMS), VERIFY_PERM];

const grants: GrantDef[] = [
  { role: 'PTGL', menus: [...PARTY_MENUS, MENU.template], permissions: ALL },
  { role: '0', menus: PARTY_MENUS, permissions: PARTY_PERMISSIONS },
  { role: 'customs_admin', menus: PARTY_MENUS, permissions: PARTY_PERMISSIONS },
  { role: 'BANK', menus: [MENU.bankCenter, MENU.bankInquiry, GROUP, MENU.signed, MENU.seal, MENU.verify], permissions: PARTY_PERMISSIONS },
  { role: 'FLEET', menus: PARTY_MENUS, permissions: PARTY_PERMISSIONS },
];

export default definePlugin({
  id: 'contracts',
  root: 'plugins/contracts',
  menus: [
    // The screens' leaves are derived (each area's screens.ts); the verification page is hand-written.
    { key: GROUP, path: '/contract', titleKey: 'contracts:menu.contract', icon: 'Gavel', order: 600, children: [{ key: MENU.verify, path: '/contract/signingCeremony', titleKey: 'contracts:verification.title', icon: 'FactCheck', order: 50 }] },
    // The group is finance's (报关银行业务中心); declared here too so that contracts work without it.
    {
      key: MENU.bankCenter,
      path: '/bankCenter',
      titleKey: 'contracts:menu.bankCenter',
      icon: 'Payments',
      order: 420,
      children: [{ key: MENU.bankInquiry, path: '/bankCenter/contractInquiry', titleKey: 'contracts:contracts.bankTitle', icon: 'Gavel', order: 40 }],
    },
  ],
  migrations,
  grants,
  // In seed order: enterprises and seals, then templates, then contracts.
  areas: [sealsArea, templatesArea, contractsArea, verificationArea],
  locales: { zh, en, my },
  openapi: contractsOpenapi,
});
