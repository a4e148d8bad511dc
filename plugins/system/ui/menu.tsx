// The menu screen's parts: the tree indented, and for whoever may edit it, 修改 on every entry
// (plugin entries keep their path and title: only icon, order and hidden change), custom link
// entries added and deleted; saved through /api/system/menu.
import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MenuItem as Menu } from '@core/server';
import { ApiError, ConfirmDialog, useNotify, type ScreenParts } from '@core/client';
import { flatten } from '../resources/menu';

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

export default function useMenuScreen({ tree, plugins, canEdit }: { tree: Menu[]; plugins: Record<string, string>; canEdit: boolean }): ScreenParts {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Menu | null>(null);
  const rows = flatten(tree);
  const byKey = new Map(rows.map((r) => [r.m.key, r]));
  const title = (m: Menu) => (m.titleKey.includes(':') ? t(m.titleKey) : m.titleKey);
  const node = (r: Record<string, unknown>) => byKey.get(String(r.key))!;

  const post = async (op: 'save' | 'remove', body: Record<string, unknown>) => {
    try {
      const res = await api.post(`/system/menu/${op}`, body);
      toast(res.msg, { severity: 'success' });
      revalidator.revalidate();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return false;
    }
  };
  const save = async () => {
    if (draft && (await post('save', { ...draft, orderNum: draft.orderNum === '' ? 0 : Number(draft.orderNum) }))) setDraft(null);
  };
  const edit = (m: Menu) =>
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
    });

  return {
    table: { testId: 'menu-table', rowTestId: (r) => `menu-row-${String(r.key)}` },
    actions: () =>
      canEdit && (
        <Button variant="contained" data-testid="menu-add" onClick={() => setDraft({ custom: true, parentKey: '', title: '', path: '', icon: '', orderNum: '0', hidden: false, permission: '' })}>
          {t('core:resource.add')}
        </Button>
      ),
    renderCell: {
      title: (r) => <Box sx={{ pl: node(r).depth * 3, whiteSpace: 'nowrap' }}>{title(node(r).m)}</Box>,
      path: (r) => <Box sx={{ fontFamily: 'monospace' }}>{node(r).m.path}</Box>,
      icon: (r) => node(r).m.icon ?? '',
      order: (r) => node(r).m.order,
      type: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{node(r).m.children.length ? t('system:menuAdmin.directory') : t('system:menuAdmin.menu')}</Box>,
      hidden: (r) => (node(r).m.hidden ? <Chip size="small" label={t('core:common.yes')} /> : ''),
    },
    rowActions: canEdit
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
      : undefined,
    dialogs: (
      <>
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
                <TextField
                  label={t('system:menuAdmin.icon')}
                  value={draft.icon}
                  onChange={(e) => setDraft({ ...draft, icon: e.target.value })}
                  helperText="Settings, Storage, Description, DirectionsBoat…"
                />
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
          onConfirm={() => {
            const m = removing!;
            setRemoving(null);
            void post('remove', { key: m.key });
          }}
        />
      </>
    ),
  };
}
