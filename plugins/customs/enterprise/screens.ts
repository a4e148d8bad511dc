// The enterprise center's screens on the generic resource page (the others are hand-written).
import type { ScreenDef } from '@core/shared';
import { entrustmentDef } from './entrustment';

export const screens: ScreenDef[] = [{ path: 'enterpriseCenter/entrustment', resource: entrustmentDef, menu: { parent: 'enterpriseCenter', order: 40 } }];
