// The display series' screens under 展示信息 (SPEC §2 /dataBase/displayInformation/<name>), each
// the generic resource page with its declared chart above the grid. News and banners (the news
// area) take orders 10 and 20; the big screen (a route of its own) comes last.
import type { ScreenDef } from '@core/shared';
import { DISPLAY_GROUP } from '../common';
import { ALL_DEFS, classesDef } from './series';

export const screens: ScreenDef[] = ALL_DEFS.map((resource, i) => ({
  path: `dataBase/displayInformation/${resource.name}`,
  resource,
  menu: { parent: DISPLAY_GROUP, order: 30 + i * 10 },
  ...(resource === classesDef ? { ui: () => import('./ui/classes') } : {}),
}));
