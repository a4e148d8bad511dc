// The customs plugin is made of areas (basic information, enterprise center, service orders,
// declarations, manifests and reports), each in its own folder with its own menus, tables,
// resources, routes and locales (under the area's key in the `customs` namespace). The
// plugin's index merges them; areas talk to each other through the functions they export.
import type { JobDef, MenuNode, Migration, PermissionDef, PortPlugin, RouteDef, Seed } from '../../core/plugin';
import type { ServerResource } from '../../core/resource/define.server';
import type { ReceiptTarget } from './receipts/receipts.server';

export interface CustomsArea {
  /** The area's key: its locales live under `customs:<key>.*`. */
  key: string;
  menus?: MenuNode[];
  permissions?: PermissionDef[];
  routes?: RouteDef[];
  /** Migration names must be unique across areas (prefix them with the area key). */
  migrations?: Migration[];
  seeds?: Seed[];
  resources?: ServerResource[];
  lookups?: PortPlugin['lookups'];
  jobs?: JobDef[];
  services?: Record<string, unknown>;
  /** Documents customs answers with receipts (see receipts/). */
  receiptTargets?: ReceiptTarget[];
  locales?: { zh: Record<string, unknown>; en: Record<string, unknown>; my: Record<string, unknown> };
}
