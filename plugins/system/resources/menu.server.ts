// The menu and permission screens on the server: the menu tree with each entry's owner and the
// edit right, and the permissions with the roles holding them.
import { loadMenuTree, serverResource, type RequestContext } from '@core/server';
import { hasPermission } from '@core/shared';
import { flatten, menuDef, permissionDef } from './menu';

const owners = async ({ knex }: RequestContext) => Object.fromEntries((await knex('sys_menu').select('key', 'plugin')).map((r: { key: string; plugin: string }) => [r.key, r.plugin]));

export const menuResource = {
  ...serverResource(menuDef),
  screen: {
    rows: async (ctx: RequestContext) => {
      const plugins = await owners(ctx);
      return flatten(await loadMenuTree(ctx.knex)).map(({ m, depth }, i) => ({ id: i + 1, key: m.key, depth, plugin: plugins[m.key] }));
    },
    data: async (ctx: RequestContext) => ({ tree: await loadMenuTree(ctx.knex), plugins: await owners(ctx), canEdit: hasPermission(ctx.user, 'system:menu:edit') }),
  },
};

export const permissionResource = {
  ...serverResource(permissionDef),
  screen: {
    async rows({ knex }: RequestContext) {
      const perms: { code: string; title_key: string; menu_key: string | null; mandatory: unknown; plugin: string }[] = await knex('sys_permission').orderBy([
        { column: 'plugin' },
        { column: 'code' },
      ]);
      const menus = new Map((await knex('sys_menu').select('key', 'title_key')).map((m: { key: string; title_key: string }) => [m.key, m.title_key]));
      const holders: { permission_code: string; name: string }[] = await knex('sys_role_permission as rp').join('sys_role as r', 'r.id', 'rp.role_id').select('rp.permission_code', 'r.name');
      return perms.map((p, i) => ({
        id: i + 1,
        code: p.code,
        titleKey: p.title_key,
        menuTitleKey: p.menu_key ? menus.get(p.menu_key) ?? p.menu_key : null,
        mandatory: p.mandatory === true || p.mandatory === 1,
        plugin: p.plugin,
        roles: holders.filter((h) => h.permission_code === p.code).map((h) => h.name),
      }));
    },
  },
};
