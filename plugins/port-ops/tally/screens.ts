// The four leaves of 理货管理 (SPEC §2 /cargoManagement), in the spec's order: the yard plan
// resource twice (its inbound and outbound variants, each under its own menu and title), work
// confirmations and weighbridge records (documents whose forms take their moments as date-time fields).
import type { ScreenDef } from '@core/shared';
import { GROUP, inboundPlanDef, outboundPlanDef } from './plan';
import { workDef, workDocument } from './work';
import { weightDef, weightDocument } from './weight';

export const screens: ScreenDef[] = [
  { path: 'cargoManagement/inboundPlan', resource: inboundPlanDef, variant: 'inbound', menu: { parent: GROUP, order: 10 } },
  { path: 'cargoManagement/outboundPlan', resource: outboundPlanDef, variant: 'outbound', menu: { parent: GROUP, order: 20 } },
  { path: 'cargoManagement/workConfirmation', resource: workDef, document: workDocument, menu: { parent: GROUP, order: 30 }, ui: () => import('./ui/workConfirmation') },
  { path: 'cargoManagement/weightRecords', resource: weightDef, document: weightDocument, menu: { parent: GROUP, order: 40 }, ui: () => import('./ui/weightRecords') },
];
