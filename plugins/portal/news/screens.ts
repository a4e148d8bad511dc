// The area's screens: news and banners under 展示信息 (SPEC §2 /dataBase/displayInformation/news,
// /banner), content maintenance under 门户管理.
import type { ScreenDef } from '@core/shared';
import { DISPLAY_GROUP, PORTAL_GROUP } from '../common';
import { bannerDef, contentDef, newsDef } from './news';

export const screens: ScreenDef[] = [
  { path: 'dataBase/displayInformation/news', resource: newsDef, menu: { parent: DISPLAY_GROUP, order: 10, icon: 'Article' } },
  { path: 'dataBase/displayInformation/banner', resource: bannerDef, menu: { parent: DISPLAY_GROUP, order: 20, icon: 'ViewCarousel' } },
  { path: 'portalManagement/content', resource: contentDef, menu: { parent: PORTAL_GROUP, order: 10, icon: 'EditNote' } },
];
