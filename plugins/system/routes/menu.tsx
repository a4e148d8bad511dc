// /management/systemMaintenance/menu: the menu tree. Plugin entries keep their path and
// title but an administrator sets icon, order and hidden; custom link entries can be added.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getKnex, loadMenuTree, requireCurrent, rowsPageData, type MenuItem as Menu } from '@core/server';
import { ApiError, ConfirmDialog, ResourcePage, useNotify } from '@core/client';
import { defineResource, hasPermission } from '@core/shared';

/** The tree, flattened in its order (a row knows its depth); edits go through /api/system/menu. */
const menuDef = defineResource({
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

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: 'management.menu', permission: 'system:menu:list' });
  const tree = await loadMenuTree(getKnex());
  const plugins = Object.fromEntries((await getKnex()('sys_menu').select('key', 'plugin')).map((r: { key: string; plugin: string }) => [r.key, r.plugin]));
  const rows = flatten(tree).map(({ m, depth }, i) => ({ id: i + 1, key: m.key, depth, plugin: plugins[m.key] }));
  return { tree, plugins, canEdit: hasPermission(user, 'system:menu:edit'), page: await rowsPageData(menuDef, rows, request, user) };
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
  const { tree, plugins, canEdit, page } = useLoaderData<typeof loader>();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Menu | null>(null);
  const rows = flatten(tree as Menu[]);
  const byKey = new Map(rows.map((r) => [r.m.key, r]));
  const title = (m: Menu) => (m.titleKey.includes(':') ? t(m.titleKey) : m.titleKey);
  const node = (r: Record<string, unknown>) => byKey.get(String(r.key))!;

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
  const edit = (m: Menu) =>
    setDraft({ key: m.key, custom: plugins[m.key] === 'custom', parentKey: m.parentKey ?? '', title: m.titleKey, path: m.path, icon: m.icon ?? '', orderNum: String(m.order), hidden: m.hidden, permission: m.permission ?? '' });

  return (
    <>
      <ResourcePage
        def={menuDef}
        data={page}
        table={{ testId: 'menu-table', rowTestId: (r) => `menu-row-${String(r.key)}` }}
        actions={() =>
          canEdit && (
            <Button variant="contained" data-testid="menu-add" onClick={() => setDraft({ custom: true, parentKey: '', title: '', path: '', icon: '', orderNum: '0', hidden: false, permission: '' })}>
              {t('core:resource.add')}
            </Button>
          )
        }
        renderCell={{
          title: (r) => <Box sx={{ pl: node(r).depth * 3, whiteSpace: 'nowrap' }}>{title(node(r).m)}</Box>,
          path: (r) => <Box sx={{ fontFamily: 'monospace' }}>{node(r).m.path}</Box>,
          icon: (r) => node(r).m.icon ?? '',
          order: (r) => node(r).m.order,
          type: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{node(r).m.children.length ? t('system:menuAdmin.directory') : t('system:menuAdmin.menu')}</Box>,
          hidden: (r) => (node(r).m.hidden ? <Chip size="small" label={t('core:common.yes')} /> : ''),
        }}
        rowActions={
          canEdit
            ? (r) => {
                const { m } = node(r);
                return (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => edit(m)} data-testid={`menu-edit-${m.key}`}>
                      {t('core:resource.edit')}
                    </Button>
                    {plugins[m.key] === 'custom' && (
                      <Button size="small" color="error" onClick={() => setRemoving(m)}>
                        {t('core:resource.delete')}
                      </Button>
                    )}
                  </Stack>
                );
              }
            : undefined
        }
      />
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
    </>
  );
}
