// 门户管理 → 在线留言 (staff read, assign, reply and close what the portal posted) and 门户来源
// (the sites allowed to call the public API from the browser; administrators only).
import type { ScreenDef } from '@core/shared';
import { PORTAL_GROUP } from '../common';
import { K, messageDef } from './message';
import { originDef } from './origin';

export const screens: ScreenDef[] = [
  { path: 'portalManagement/message', resource: messageDef, menu: { parent: PORTAL_GROUP, titleKey: `${K}.menu.message`, order: 30, icon: 'Forum' }, ui: () => import('./ui/message') },
  { path: 'portalManagement/origin', resource: originDef, menu: { parent: PORTAL_GROUP, titleKey: `${K}.menu.origin`, order: 90, icon: 'Public' } },
];
