// /management/systemMaintenance/menu: the menu tree. Plugin entries keep their path and
// title but an administrator sets icon, order and hidden; custom link entries can be added.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Paper, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireCurrent } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';
import { ApiError } from '@core/http/client';
import { hasPermission } from '@core/rbac/menu';
import { loadMenuTree, type MenuItem as Menu } from '@core/rbac/access.server';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { useNotify } from '@core/ui/notify';

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: 'management.menu', permission: 'system:menu:list' });
  const tree = await loadMenuTree(getKnex());
  const plugins = Object.fromEntries((await getKnex()('sys_menu').select('key', 'plugin')).map((r: { key: string; plugin: string }) => [r.key, r.plugin]));
  return { tree, plugins, canEdit: hasPermission(user, 'system:menu:edit') };
}

interface Draft {
  key?: string;
  custom: boolean;
  parentKey: string;
  title: string;
  path: string;
  icon: string;
  orderNum: string;
  hidden: boolean;
  permission: string;
}

function flatten(tree: Menu[], depth = 0): { m: Menu; depth: number }[] {
  return tree.flatMap((m) => [{ m, depth }, ...flatten(m.children, depth + 1)]);
}

export default function MenuPage() {
  const { t } = useTranslation();
  const { tree, plugins, canEdit } = useLoaderData<typeof loader>();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Menu | null>(null);
  const rows = flatten(tree as Menu[]);
  const title = (m: Menu) => (m.titleKey.includes(':') ? t(m.titleKey) : m.titleKey);

  const save = async () => {
    if (!draft) return;
    try {
      const res = await api.post('/system/menu/save', { ...draft, orderNum: draft.orderNum === '' ? 0 : Number(draft.orderNum) });
      toast(res.msg, { severity: 'success' });
      setDraft(null);
      revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      {canEdit && (
        <Button variant="contained" sx={{ mb: 1 }} data-testid="menu-add" onClick={() => setDraft({ custom: true, parentKey: '', title: '', path: '', icon: '', orderNum: '0', hidden: false, permission: '' })}>
          {t('core:resource.add')}
        </Button>
      )}
      <Table size="small" data-testid="menu-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('system:menuAdmin.title')}</TableCell>
            <TableCell>{t('system:menuAdmin.path')}</TableCell>
            <TableCell>{t('system:menuAdmin.icon')}</TableCell>
            <TableCell>{t('system:menuAdmin.orderNum')}</TableCell>
            <TableCell>{t('system:menuAdmin.type')}</TableCell>
            <TableCell>{t('system:menuAdmin.hidden')}</TableCell>
            <TableCell>{t('system:menuAdmin.source')}</TableCell>
            <TableCell>{t('core:common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ m, depth }) => (
            <TableRow key={m.key} hover data-testid={`menu-row-${m.key}`}>
              <TableCell sx={{ pl: 2 + depth * 3 }}>{title(m)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{m.path}</TableCell>
              <TableCell>{m.icon}</TableCell>
              <TableCell>{m.order}</TableCell>
              <TableCell>{m.children.length ? t('system:menuAdmin.directory') : t('system:menuAdmin.menu')}</TableCell>
              <TableCell>{m.hidden ? <Chip size="small" label={t('core:common.yes')} /> : ''}</TableCell>
              <TableCell>{plugins[m.key]}</TableCell>
              <TableCell>
                {canEdit && (
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      onClick={() =>
                        setDraft({
                          key: m.key,
                          custom: plugins[m.key] === 'custom',
                          parentKey: m.parentKey ?? '',
                          title: m.titleKey,
                          path: m.path,
                          icon: m.icon ?? '',
                          orderNum: String(m.order),
                          hidden: m.hidden,
                          permission: m.permission ?? '',
                        })
                      }
                      data-testid={`menu-edit-${m.key}`}
                    >
                      {t('core:resource.edit')}
                    </Button>
                    {plugins[m.key] === 'custom' && (
                      <Button size="small" color="error" onClick={() => setRemoving(m)}>
                        {t('core:resource.delete')}
                      </Button>
                    )}
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {draft && (
        <Dialog open onClose={() => setDraft(null)} maxWidth="sm" fullWidth>
          <DialogTitle>{draft.key ? t('core:resource.edit') : t('core:resource.add')}</DialogTitle>
          <DialogContent>
            <Stack spacing={1} sx={{ pt: 1 }}>
              {draft.custom && (
                <>
                  <TextField select label={t('system:menuAdmin.parent')} value={draft.parentKey} onChange={(e) => setDraft({ ...draft, parentKey: e.target.value })}>
                    {rows
                      .filter(({ m }) => m.children.length > 0 || plugins[m.key] === 'custom')
                      .map(({ m, depth }) => (
                        <MenuItem key={m.key} value={m.key} sx={{ pl: 2 + depth * 2 }}>
                          {title(m)}
                        </MenuItem>
                      ))}
                  </TextField>
                  <TextField label={t('system:menuAdmin.title')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
                  <TextField label={t('system:menuAdmin.path')} value={draft.path} onChange={(e) => setDraft({ ...draft, path: e.target.value })} helperText="/portService/stock/storehouse" />
                  <TextField label={t('system:menuAdmin.permission')} value={draft.permission} onChange={(e) => setDraft({ ...draft, permission: e.target.value })} />
                </>
              )}
              <TextField label={t('system:menuAdmin.icon')} value={draft.icon} onChange={(e) => setDraft({ ...draft, icon: e.target.value })} helperText="Settings, Storage, Description, DirectionsBoat…" />
              <TextField type="number" label={t('system:menuAdmin.orderNum')} value={draft.orderNum} onChange={(e) => setDraft({ ...draft, orderNum: e.target.value })} />
              <FormControlLabel control={<Switch checked={draft.hidden} onChange={(e) => setDraft({ ...draft, hidden: e.target.checked })} />} label={t('system:menuAdmin.hidden')} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDraft(null)}>{t('core:common.cancel')}</Button>
            <Button variant="contained" onClick={save} data-testid="menu-save">
              {t('core:resource.save')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      <ConfirmDialog
        open={!!removing}
        text={t('core:resource.confirmDelete', { count: 1 })}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const m = removing!;
          setRemoving(null);
          try {
            const res = await api.post('/system/menu/remove', { key: m.key });
            toast(res.msg, { severity: 'success' });
            revalidator.revalidate();
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
          }
        }}
      />
      <Box />
    </Paper>
  );
}
