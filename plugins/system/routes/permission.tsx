// /management/userGroupManagement/permission: every permission the enabled plugins declare,
// by menu, with the roles that hold it. Permissions come from plugins; roles grant them.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireCurrent } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCurrent(request, { menu: 'management.permission', permission: 'system:role:list' });
  const knex = getKnex();
  const perms: { code: string; title_key: string; menu_key: string | null; mandatory: unknown; plugin: string }[] = await knex('sys_permission').orderBy([{ column: 'plugin' }, { column: 'code' }]);
  const menus = new Map((await knex('sys_menu').select('key', 'title_key')).map((m: { key: string; title_key: string }) => [m.key, m.title_key]));
  const holders: { permission_code: string; name: string }[] = await knex('sys_role_permission as rp').join('sys_role as r', 'r.id', 'rp.role_id').select('rp.permission_code', 'r.name');
  return {
    rows: perms.map((p) => ({
      code: p.code,
      titleKey: p.title_key,
      menuTitleKey: p.menu_key ? (menus.get(p.menu_key) ?? p.menu_key) : null,
      mandatory: p.mandatory === true || p.mandatory === 1,
      plugin: p.plugin,
      roles: holders.filter((h) => h.permission_code === p.code).map((h) => h.name),
    })),
  };
}

export default function PermissionPage() {
  const { t } = useTranslation();
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Paper sx={{ p: 2 }}>
      <Table size="small" data-testid="permission-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('system:permAdmin.name')}</TableCell>
            <TableCell>{t('system:permAdmin.code')}</TableCell>
            <TableCell>{t('system:permAdmin.menu')}</TableCell>
            <TableCell>{t('system:permAdmin.mandatory')}</TableCell>
            <TableCell>{t('system:menuAdmin.source')}</TableCell>
            <TableCell>{t('system:permAdmin.roles')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.code} hover>
              <TableCell>{t(r.titleKey)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{r.code}</TableCell>
              <TableCell>{r.menuTitleKey ? t(r.menuTitleKey) : ''}</TableCell>
              <TableCell>{r.mandatory ? t('core:common.yes') : ''}</TableCell>
              <TableCell>{r.plugin}</TableCell>
              <TableCell>
                {r.roles.map((n) => (
                  <Chip key={n} size="small" label={n} sx={{ mr: 0.5 }} />
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
