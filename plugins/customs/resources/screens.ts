// The screens of "Basic information", in menu order (the spec gives no paths: /customsBase/<name>);
// each menu entry keeps its own title (`customs:menu.<name>`: "HS codes" over the page's "HS code").
import type { ScreenDef } from '@core/shared';
import { hsCodeDef, hsElementDef } from './hs';
import { ciqCodeDef } from './ciq';
import { eciqDataDef, eciqTypeDef } from './eciq';
import { customsPortDef, originAreaDef, portCodeDef } from './places';
import { customsQpDef } from './customsQp';

export const screens: ScreenDef[] = [hsCodeDef, hsElementDef, ciqCodeDef, eciqTypeDef, eciqDataDef, originAreaDef, customsPortDef, customsQpDef, portCodeDef].map((def, i) => ({
  path: `customsBase/${def.name}`,
  resource: def,
  menu: { parent: 'customsBase.basic', order: (i + 1) * 10, titleKey: `customs:menu.${def.name}` },
}));
