// The menu and permission screens' lists, read-only rows the screens compute: the menu tree
// flattened in its order (a row knows its depth; edits go through /api/system/menu), and every
// permission the enabled plugins declare, by menu, with the roles that hold it.
import { z } from 'zod';
import type { MenuItem } from '@core/server';
import { defineResource } from '@core/shared';

/** The tree in its order, each entry with its depth. */
export function flatten(tree: MenuItem[], depth = 0): { m: MenuItem; depth: number }[] {
  return tree.flatMap((m) => [{ m, depth }, ...flatten(m.children, depth + 1)]);
}

export const menuDef = defineResource({
  plugin: 'system',
  name: 'menu',
  table: 'sys_menu',
  titleKey: 'system:menu.menu',
  menu: 'management.menu',
  readOnly: true,
  permissions: { list: 'system:menu:list' },
  fields: [
    { name: 'title', column: null, labelKey: 'system:menuAdmin.title', type: 'string' },
    { name: 'path', labelKey: 'system:menuAdmin.path', type: 'string' },
    { name: 'icon', labelKey: 'system:menuAdmin.icon', type: 'string' },
    { name: 'order', column: 'order_num', labelKey: 'system:menuAdmin.orderNum', type: 'integer' },
    { name: 'type', column: null, labelKey: 'system:menuAdmin.type', type: 'string' },
    { name: 'hidden', labelKey: 'system:menuAdmin.hidden', type: 'boolean' },
    { name: 'plugin', labelKey: 'system:menuAdmin.source', type: 'string' },
  ],
  schema: () => z.object({}),
});

export const permissionDef = defineResource({
  plugin: 'system',
  name: 'permission',
  table: 'sys_permission',
  titleKey: 'system:menu.permission',
  menu: 'management.permission',
  readOnly: true,
  permissions: { list: 'system:role:list' },
  fields: [
    { name: 'title', column: null, labelKey: 'system:permAdmin.name', type: 'string', list: { width: 260 } },
    { name: 'code', labelKey: 'system:permAdmin.code', type: 'string', list: { width: 280 } },
    { name: 'menu', column: null, labelKey: 'system:permAdmin.menu', type: 'string', list: { width: 200 } },
    { name: 'mandatory', labelKey: 'system:permAdmin.mandatory', type: 'boolean' },
    { name: 'plugin', labelKey: 'system:menuAdmin.source', type: 'string' },
    { name: 'roles', column: null, labelKey: 'system:permAdmin.roles', type: 'string', list: { width: 280 } },
  ],
  schema: () => z.object({}),
});
