// Seeds grant demo roles menus and permissions by role code; a grant already there stays,
// a role that does not exist is skipped (an administrator may have removed it).
import type { Knex } from 'knex';

export async function grantRole(knex: Knex, roleCode: string, menus: string[], permissions: string[]): Promise<void> {
  const role = await knex('sys_role').where({ code: roleCode }).first();
  if (!role) return;
  for (const key of menus) {
    if (!(await knex('sys_role_menu').where({ role_id: role.id, menu_key: key }).first())) await knex('sys_role_menu').insert({ role_id: role.id, menu_key: key });
  }
  for (const code of permissions) {
    if (!(await knex('sys_role_permission').where({ role_id: role.id, permission_code: code }).first())) await knex('sys_role_permission').insert({ role_id: role.id, permission_code: code });
  }
}
