// Customs area "manifests" (see ../area.ts): 报关管理 (/customsDeclare) with the pre-allocated
// and original manifests, the export arrival report, vehicle entry/departure confirmation and
// the export tally report. Each is a document: draft → submitted → customs receipts.
// The import/export declarations join this menu group later (order 60 is left for them).
import type { CustomsArea } from '../area';
import type { MenuNode } from '@core/shared';
import { CUSTOMS_DECLARE_MENU, DOCUMENTS, documentPermissionDefs, k, menuKey } from './document';
import { manifestMigrations } from './migrations';
import { manifestsDemoSeed, manifestsDocumentsDemo, manifestsGrants } from './seeds';
import { manifestReceiptTargets, originalManifestResource, preManifestResource } from './manifest.server';
import { arrivalReportResource, reportReceiptTargets, tallyReportResource, vehicleConfirmResource } from './report.server';
import { manifestLookups } from './lookups.server';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export { CUSTOMS_DECLARE_MENU };

const menu: MenuNode = {
  key: CUSTOMS_DECLARE_MENU,
  path: `/${CUSTOMS_DECLARE_MENU}`,
  titleKey: k('menu.group'),
  icon: 'Description',
  order: 305,
  children: DOCUMENTS.map((doc, i) => ({ key: menuKey(doc), path: `/${CUSTOMS_DECLARE_MENU}/${doc}`, titleKey: k(`menu.${doc}`), order: (i + 1) * 10 })),
};

export const manifestsArea: CustomsArea = {
  key: 'manifests',
  menus: [menu],
  permissions: DOCUMENTS.flatMap(documentPermissionDefs),
  screens,
  migrations: manifestMigrations,
  grants: manifestsGrants,
  seeds: [manifestsDemoSeed, manifestsDocumentsDemo],
  resources: [preManifestResource, originalManifestResource, arrivalReportResource, vehicleConfirmResource, tallyReportResource],
  lookups: manifestLookups,
  receiptTargets: [...manifestReceiptTargets, ...reportReceiptTargets],
  locales: { zh, en, my },
};
