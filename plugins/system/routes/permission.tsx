// /management/userGroupManagement/permission: every permission the enabled plugins declare,
// by menu, with the roles that hold it. Permissions come from plugins; roles grant them.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getKnex, requireCurrent, rowsPageData } from '@core/server';
import { defineResource } from '@core/shared';
import { ResourcePage } from '@core/client';

const permissionDef = defineResource({
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

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: 'management.permission', permission: 'system:role:list' });
  const knex = getKnex();
  const perms: { code: string; title_key: string; menu_key: string | null; mandatory: unknown; plugin: string }[] = await knex('sys_permission').orderBy([{ column: 'plugin' }, { column: 'code' }]);
  const menus = new Map((await knex('sys_menu').select('key', 'title_key')).map((m: { key: string; title_key: string }) => [m.key, m.title_key]));
  const holders: { permission_code: string; name: string }[] = await knex('sys_role_permission as rp').join('sys_role as r', 'r.id', 'rp.role_id').select('rp.permission_code', 'r.name');
  const rows = perms.map((p, i) => ({
    id: i + 1,
    code: p.code,
    titleKey: p.title_key,
    menuTitleKey: p.menu_key ? (menus.get(p.menu_key) ?? p.menu_key) : null,
    mandatory: p.mandatory === true || p.mandatory === 1,
    plugin: p.plugin,
    roles: holders.filter((h) => h.permission_code === p.code).map((h) => h.name),
  }));
  return rowsPageData(permissionDef, rows, request, user);
}

export default function PermissionPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <ResourcePage
      def={permissionDef}
      data={data}
      renderCell={{
        title: (r) => t(String(r.titleKey)),
        code: (r) => <Box sx={{ fontFamily: 'monospace' }}>{String(r.code)}</Box>,
        menu: (r) => (r.menuTitleKey ? t(String(r.menuTitleKey)) : ''),
        mandatory: (r) => (r.mandatory ? t('core:common.yes') : ''),
        roles: (r) => (r.roles as string[]).map((n) => <Chip key={n} size="small" label={n} sx={{ mr: 0.5 }} />),
      }}
    />
  );
}
