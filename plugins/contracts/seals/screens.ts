// 电子签章 (/contract/electronicSignature): the signing enterprises with their certificates, and
// their seals as a second tab.
import type { ScreenDef } from '@core/shared';
import { GROUP } from '../common';
import { enterpriseDef, sealDef } from './seals';

export const screens: ScreenDef[] = [
  {
    path: 'contract/electronicSignature',
    resource: enterpriseDef,
    menu: { parent: GROUP, order: 30, icon: 'Verified', titleKey: 'contracts:seals.menu' },
    tabs: [
      { key: 'enterprises', resource: enterpriseDef },
      { key: 'seals', resource: sealDef },
    ],
    ui: () => import('./ui/seals'),
  },
];
