// Portal area "display" (SPEC §2 /dataBase/displayInformation: weather, bdiBdu, throughput,
// goodsInventory, steel, rate, ore, classes, screen): the display series kept by the platform's
// staff (each with XLSX import and its chart), the big screen for a wall display, and the public
// series API the portal's pages read. News and banners are the news area's.
import type { PluginArea } from '@core/shared';
import { DISPLAY_GROUP } from '../common';
import { displayMigrations } from './migration';
import { displayDemo } from './demo';
import { displayOpenApi } from './openapi';
import { displayLookups, displayResources } from './series.server';
import { ALL_DEFS, SCREEN_MENU } from './series';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The platform's operation role (平台管理) keeps every series; the big screen goes with them. */
const PERMISSIONS = ALL_DEFS.flatMap((d) => [...new Set(Object.values(d.permissions))]);

export const displayArea: PluginArea = {
  key: 'display',
  menus: [
    {
      key: 'dataBase',
      path: '/dataBase',
      titleKey: 'portal:menu.dataBase',
      children: [
        {
          key: DISPLAY_GROUP,
          path: '/dataBase/displayInformation',
          titleKey: 'portal:menu.displayInformation',
          children: [{ key: SCREEN_MENU, path: '/dataBase/displayInformation/screen', titleKey: 'portal:display.title.screen', icon: 'Dashboard', order: 200 }],
        },
      ],
    },
  ],
  screens,
  resources: displayResources,
  lookups: displayLookups,
  routes: [
    { path: 'dataBase/displayInformation/screen', file: 'display/routes/screen.tsx', layout: 'bare' },
    { path: 'api/portal/public/series/:kind', file: 'display/routes/api.series.ts', layout: 'none' },
  ],
  migrations: displayMigrations,
  seeds: [displayDemo],
  grants: [{ role: 'PTGL', menus: ['dataBase', DISPLAY_GROUP, SCREEN_MENU, ...ALL_DEFS.map((d) => d.menu)], permissions: PERMISSIONS }],
  openapi: displayOpenApi,
  locales: { zh, en, my },
};
