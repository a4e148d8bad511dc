// Customs area "enterprise" (see ../area.ts): the Enterprise Center (SPEC §2 declaration-platform
// screens) — who may do business. Each login account registers its enterprise, the platform
// reviews it; approved traders and customs brokers keep collection information and
// entrustments. Other areas ask through enterprise.server.ts (enterpriseOfUser,
// approvedEnterpriseOfUser, requireApprovedBusinessEnterprise) and the lookups
// customs.brokers / customs.enterprises.
import { ENTERPRISE_DIRECTORY, type MenuNode, type PermissionDef, type RouteDef } from '@core/shared';
import type { CustomsArea } from '../area';
import { ENTERPRISE_PERMS } from './enterprise';
import { enterpriseDirectory, enterpriseLookups, enterpriseResource } from './enterprise.server';
import { COLLECTION_PERMS } from './collection';
import { collectionInfoResource } from './collection.server';
import { entrustmentResource } from './entrustment.server';
import { screens } from './screens';
import { enterpriseMigrations } from './migrations';
import { collectionDemoSeed, enterpriseDemoSeed, enterpriseGrants } from './seed';
import { enterpriseOpenApi } from './openapi';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The hand-written screens, in menu order (entrustments follow, see screens.ts). */
const SCREENS = ['enterpriseInfo', 'enterpriseManage', 'collectionInfo'] as const;

const menus: MenuNode[] = [
  {
    key: 'enterpriseCenter',
    path: '/enterpriseCenter',
    titleKey: 'customs:enterprise.menu.center',
    // core/ui/icons.tsx has no 'Business' icon yet; People is the closest it offers.
    icon: 'Business',
    order: 320,
    children: SCREENS.map((name, i) => ({ key: `enterpriseCenter.${name}`, path: `/enterpriseCenter/${name}`, titleKey: `customs:enterprise.menu.${name}`, order: (i + 1) * 10 })),
  },
];

const perm = (code: string, menu: string, mandatory = false): PermissionDef => ({
  code,
  titleKey: `customs:enterprise.perm.${code.split(':').slice(1).join('.')}`,
  menu,
  ...(mandatory ? { mandatory } : {}),
});

const permissions: PermissionDef[] = [
  // Reading enterprises belongs to the whole center: the owner's screen and the review list.
  perm(ENTERPRISE_PERMS.list, 'enterpriseCenter', true),
  perm(ENTERPRISE_PERMS.add, 'enterpriseCenter.enterpriseInfo'),
  perm(ENTERPRISE_PERMS.edit, 'enterpriseCenter.enterpriseInfo'),
  perm(ENTERPRISE_PERMS.submit, 'enterpriseCenter.enterpriseInfo'),
  perm(ENTERPRISE_PERMS.audit, 'enterpriseCenter.enterpriseManage', true),
  perm(COLLECTION_PERMS.list, 'enterpriseCenter.collectionInfo', true),
  perm(COLLECTION_PERMS.add, 'enterpriseCenter.collectionInfo'),
  perm(COLLECTION_PERMS.edit, 'enterpriseCenter.collectionInfo'),
  perm(COLLECTION_PERMS.remove, 'enterpriseCenter.collectionInfo'),
];

const api = (path: string, file: string): RouteDef => ({ path: `api/customs/collectionInfo${path}`, file: `enterprise/routes/${file}`, layout: 'none' });

const routes: RouteDef[] = [
  ...(['enterpriseInfo', 'collectionInfo'] as const).map((name) => ({ path: `enterpriseCenter/${name}`, file: `enterprise/routes/${name}.tsx` })),
  // Collection information answers every call with the SPEC §8 message unless the caller may
  // use it; these take precedence over the generic /api/:plugin/:resource routes.
  api('', 'api.collectionInfo.ts'),
  api('/export', 'api.collectionInfo.export.ts'),
  api('/transition/:transition', 'api.collectionInfo.transition.ts'),
  api('/:id', 'api.collectionInfo.member.ts'),
];

export const enterpriseArea: CustomsArea = {
  key: 'enterprise',
  menus,
  permissions,
  routes,
  screens,
  migrations: enterpriseMigrations,
  grants: enterpriseGrants,
  services: { [ENTERPRISE_DIRECTORY]: enterpriseDirectory },
  seeds: [enterpriseDemoSeed, collectionDemoSeed],
  resources: [enterpriseResource, collectionInfoResource, entrustmentResource],
  lookups: enterpriseLookups,
  locales: { zh, en, my },
  openapi: enterpriseOpenApi,
};
