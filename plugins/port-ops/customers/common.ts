// What the customers area's resources share: the permission codes of each screen, its menu
// keys, and who counts as the platform (sees and manages every customer's rows).
import { hasPermission, permissionCodes, type SessionUser } from '@core/shared';

export const K = 'portops:customers';
export const GROUP = 'customermanage';
export const MENU = {
  customer: 'customermanage.cfdCustomer',
  blacklist: 'customermanage.blacklist',
  contract: 'customermanage.ZhddJcsj',
  adjustment: 'customermanage.adjustmentManage',
  line: 'customermanage.cfdLine',
  fee: 'customermanage.fee',
} as const;

export const CUSTOMER_PERMISSIONS = permissionCodes('portops:customer', ['disable', 'enable']);
export const BLACKLIST_PERMISSIONS = permissionCodes('portops:blacklist', ['lift']);
export const CONTRACT_PERMISSIONS = permissionCodes('portops:contract', ['abnormal', 'restore']);
export const ADJUSTMENT_PERMISSIONS = permissionCodes('portops:adjustment', ['review']);
export const LINE_PERMISSIONS = permissionCodes('portops:line');
export const FEE_PERMISSIONS = permissionCodes('portops:fee', ['disable', 'enable']);

/** The usual resource permissions from such codes (export goes with list). */
export const crudOf = (p: { list: string; add: string; edit: string; remove: string }) => ({
  list: p.list,
  create: p.add,
  update: p.edit,
  delete: p.remove,
  export: p.list,
});

/** The demo shipper's role (货主): sees their own customer record and contracts, read-only. */
export const SHIPPER_ROLE = 'SHIPPER';

/** Platform users (administrators, whoever may add customers) see every customer's rows; others only those of the customer whose login they are. */
export const isPlatform = (user: SessionUser) => user.isAdmin || hasPermission(user, CUSTOMER_PERMISSIONS.add);

export const f = (area: string, k: string) => `${K}.${area}.field.${k}`;

