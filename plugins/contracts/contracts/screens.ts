// Contract inquiry (/contract/contractInquiry: the platform makes and sends contracts, each party
// finds its own and signs in turn), the same list under the bank's business centre, and 已签文件
// (/contract/alreadyUnilaterally): what one's own side has signed, waiting for the others or done.
import type { ScreenDef } from '@core/shared';
import { GROUP, MENU } from '../common';
import { K, contractDef, contractDocument } from './contract';
import { signedDef } from './signed';

export const screens: ScreenDef[] = [
  { path: 'contract/contractInquiry', resource: contractDef, document: contractDocument, menu: { parent: GROUP, order: 10, icon: 'Gavel' }, ui: () => import('./ui/contracts') },
  {
    path: 'bankCenter/contractInquiry',
    resource: { ...contractDef, menu: MENU.bankInquiry, titleKey: `${K}.bankTitle` },
    ui: () => import('./ui/contracts'),
  },
  { path: 'contract/alreadyUnilaterally', resource: signedDef, menu: { parent: GROUP, order: 40, icon: 'TaskAlt' }, ui: () => import('./ui/signed') },
];
