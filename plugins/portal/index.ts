// The public portal's back office and public face (SPEC §2 /dataBase/displayInformation/*, the
// declaration platform's Portal Management; shared/ARCHITECTURE.md "portal"): news and content
// maintenance, banners and display series with the big screen, online messages, and the
// unauthenticated read-only API and embed tokens the sdk/ widgets use. Each part is an area in
// its own folder; the plugin reaches other plugins (finance's bills) only through services.
import { definePlugin } from '@core/shared';
import { displayArea } from './display';
import { newsArea } from './news';
import { messagesArea } from './messages';
import { embedArea } from './embed';
import { DISPLAY_GROUP, PORTAL_GROUP } from './common';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'portal',
  root: 'plugins/portal',
  menus: [
    {
      // The group is system's (基础数据); declared here too so that the portal works without it.
      key: 'dataBase',
      path: '/dataBase',
      titleKey: 'portal:menu.dataBase',
      icon: 'Storage',
      order: 850,
      children: [{ key: DISPLAY_GROUP, path: '/dataBase/displayInformation', titleKey: 'portal:menu.displayInformation', order: 20, children: [] }],
    },
    { key: PORTAL_GROUP, path: '/portalManagement', titleKey: 'portal:menu.portalManagement', icon: 'Article', order: 800, children: [] },
  ],
  // In seed order.
  areas: [displayArea, newsArea, messagesArea, embedArea],
  locales: { zh, en, my },
});
