// Customs: the declaration platform (SPEC §2 "Declaration-platform screens"): basic information
// (code tables), the enterprise center, service orders, manifests and reports, declarations,
// customs receipts, and the platform's existing /api/decl client.
import { definePlugin, resourcePermissions } from '@core/shared';
import { plainArea, type CustomsArea } from './area';
import { basicArea } from './resources';
import { screens as basicScreens } from './resources/screens';
import { enterpriseArea } from './enterprise';
import { manifestsArea } from './manifests';
import { ordersArea } from './orders';
import { declarationsArea } from './declarations';
import { receiptsArea } from './receipts';
import { declApiArea } from './declapi';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The areas customs answers with receipts, in menu and seed order. */
const DOCUMENT_AREAS: CustomsArea[] = [enterpriseArea, ordersArea, manifestsArea, declarationsArea];

export default definePlugin({
  id: 'customs',
  root: 'plugins/customs',
  areas: [basicArea, ...DOCUMENT_AREAS.map(plainArea), receiptsArea(DOCUMENT_AREAS.flatMap((a) => a.receiptTargets ?? [])), declApiArea],
  // Customs brokers (role customs_admin) maintain the basic information; the areas grant their own.
  // Declared by the plugin, not the basic area: databases record it as customs/customs-grants.
  grants: [
    {
      role: 'customs_admin',
      menus: ['customsBase', 'customsBase.basic', ...basicScreens.map((s) => s.resource.menu)],
      permissions: basicScreens.flatMap((s) => resourcePermissions(s.resource).map((p) => p.code)),
      legacySeed: 'customs/broker-grants',
    },
  ],
  locales: { zh, en, my },
});
