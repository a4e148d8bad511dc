// The three screens: publishing sources (a shipper's own or, for the platform, any customer's;
// the form a document with the loading window's date-time fields), distributing published ones
// (the 智能分配 dialog), and the fleets' orders. index.ts places their menu leaves.
import type { ScreenDef } from '@core/shared';
import { distributionDef, fleetOrderDef, sourceDef, sourceDocument } from './source';

export const screens: ScreenDef[] = [
  { path: 'smartorderassignment/publishsource', resource: sourceDef, document: sourceDocument, variant: 'publishing', ui: () => import('./ui/publishsource') },
  { path: 'smartorderassignment/distributeSource', resource: distributionDef, variant: 'distribution', ui: () => import('./ui/distributeSource') },
  { path: 'intelligentdispatch/fleetorders', resource: fleetOrderDef },
];
