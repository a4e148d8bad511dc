// What the contracts plugin's areas share: the sidebar group and menu keys, the permission codes,
// who counts as the platform (sees every contract, enterprise and seal), which signing enterprise
// a login account acts for, and the head of its tables.
import { hasPermission, permissionCodes, tableHead, type SessionUser, type Transition } from '@core/shared';
import type { Knex } from 'knex';

export const K = 'contracts';
export const GROUP = 'contract';
export const MENU = {
  inquiry: 'contract.contractInquiry',
  template: 'contract.contractTemplate',
  seal: 'contract.electronicSignature',
  signed: 'contract.alreadyUnilaterally',
  verify: 'contract.signingCeremony',
  bankCenter: 'bankCenter',
  bankInquiry: 'bankCenter.contractInquiry',
} as const;

export const TEMPLATE_PERMS = permissionCodes('contracts:template', ['enable', 'disable']);
export const ENTERPRISE_PERMS = permissionCodes('contracts:enterprise', ['enable', 'disable']);
export const SEAL_PERMS = permissionCodes('contracts:seal', ['enable', 'disable']);
export const CONTRACT_PERMS = permissionCodes('contracts:contract', ['send', 'sign', 'reject', 'abnormal', 'all']);
export const VERIFY_PERM = 'contracts:verify:use';


export const contractsTable = tableHead('contracts');

/** Enum options of an area's values, titled `<area key>.<prefix>.<value>`. */
export const optionsOf = (K: string, prefix: string, values: readonly string[]) => values.map((value) => ({ value, labelKey: `${K}.${prefix}.${value}` }));

/** A state machine's transition with the area's usual keys (`<K>.action.<name>`, `<K>.msg.<name>Refused`). */
export const transitionOf =
  (K: string) =>
  (name: string, from: string[], to: string, permission: string, extra: Partial<Transition> = {}): Transition => ({ name, labelKey: `${K}.action.${name}`, from, to, permission, refusedKey: `${K}.msg.${name}Refused`, ...extra });

/** Contract currencies (SPEC §3): RMB, USD, Euro, Pound, Kyat. */
export const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'MMK'] as const;

/** The platform (administrators, whoever holds contracts:contract:all) sees and manages every party's rows. */
export const isPlatform = (user: SessionUser) => user.isAdmin || hasPermission(user, CONTRACT_PERMS.all);

export const ENTERPRISE_TABLE = 'ctr_enterprise';

/**
 * The signing enterprise a login account acts for: the registered enterprise whose name is the
 * account's company (SPEC §3 user session: companyName), enabled. Null: the account signs nothing.
 */
export async function enterpriseIdOfUser(knex: Knex, user: Pick<SessionUser, 'id'>): Promise<number | null> {
  const row = await knex(`${ENTERPRISE_TABLE} as e`).join('sys_user as u', 'u.company_name', 'e.name').where('u.id', user.id).where('e.status', 'enabled').first('e.id');
  return row ? Number(row.id) : null;
}

/** The same as a subquery (for `whereIn`): the enterprise ids the account acts for (at most one). */
export const ownEnterpriseIds = (knex: Knex, user: Pick<SessionUser, 'id'>) => knex(`${ENTERPRISE_TABLE} as e`).join('sys_user as u', 'u.company_name', 'e.name').where('u.id', user.id).where('e.status', 'enabled').select('e.id');

