// 电子签章: signing enterprises (certificates from the platform CA, made on first start) and
// their seals.
import { resourcePermissions, type PluginArea, type Seed } from '@core/shared';
import { sealDef } from './seals';
import { ENTERPRISE_PERMS, MENU, SEAL_PERMS } from '../common';
import { screens } from './screens';
import { enterpriseResource, sealLookups, sealResource } from './seals.server';
import { ensureCa } from './keys.server';
import { sealsDemo } from './demo';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The platform CA and its signing certificate, made on the first start (every start checks). */
const caSeed: Seed = {
  name: 'ca',
  async run(knex) {
    try {
      await ensureCa(knex);
    } catch (e) {
      // Keys made under another secret (CONTRACT_KEY_SECRET or SESSION_SECRET changed): the
      // platform still starts; signing refuses until the secret they were made with is set again.
      console.warn(`contracts: the platform CA's key cannot be read (${e instanceof Error ? e.message : String(e)}); set CONTRACT_KEY_SECRET to the secret it was made with`);
    }
  },
};

export const sealsArea: PluginArea = {
  key: 'seals',
  locales: { zh, en, my },
  screens,
  resources: [enterpriseResource, sealResource],
  lookups: sealLookups,
  seeds: [caSeed, sealsDemo],
  // The seals tab's permissions (the screen derives its own resource's only).
  permissions: resourcePermissions(sealDef).map(({ code, titleKey }) => ({ code, titleKey, menu: MENU.seal })),
};

/** What a party may do here: see its enterprise and keep its seals. */
export const PARTY_SEAL_PERMISSIONS = [ENTERPRISE_PERMS.list, SEAL_PERMS.list, SEAL_PERMS.add, SEAL_PERMS.edit, SEAL_PERMS.remove, SEAL_PERMS.enable, SEAL_PERMS.disable];
