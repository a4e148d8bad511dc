// The menu screen's parts: the tree indented, and for whoever may edit it, 修改 on every entry
// (plugin entries keep their path and title: only icon, order and hidden change), custom link
// entries added and deleted; saved through /api/system/menu.
import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { Box, Button, Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MenuItem as Menu } from '@core/server';
import type { FieldDef } from '@core/shared';
import { ApiError, ConfirmDialog, FormDialog, useNotify, type ScreenParts, type Values } from '@core/client';
import { flatten } from '../resources/menu';

const field = (name: string, type: FieldDef['type'], helpKey?: string, lookup?: string): FieldDef => ({
  name,
  labelKey: `system:menuAdmin.${name}`,
  type,
  lookup,
  maxLength: name === 'title' ? 100 : undefined,
  form: { span: 3, helpKey },
});
/** A custom link entry's fields; a plugin's entry keeps its path and title (only the last three). */
const FIELDS = [
  field('parent', 'ref', undefined, 'parents'),
  field('title', 'string'),
  field('path', 'string', 'system:menuAdmin.pathHelp'),
  field('permission', 'string'),
  field('icon', 'string', 'system:menuAdmin.iconHelp'),
  field('orderNum', 'integer'),
  field('hidden', 'boolean'),
];

export default function useMenuScreen({ tree, plugins, canEdit }: { tree: Menu[]; plugins: Record<string, string>; canEdit: boolean }): ScreenParts {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<(Values & { key?: string; custom: boolean }) | null>(null);
  const [removing, setRemoving] = useState<Menu | null>(null);
  const rows = flatten(tree);
  const byKey = new Map(rows.map((r) => [r.m.key, r]));
  const title = (m: Menu) => (m.titleKey.includes(':') ? t(m.titleKey) : m.titleKey);
  const node = (r: Record<string, unknown>) => byKey.get(String(r.key))!;
  const parents = rows.filter(({ m }) => m.children.length > 0 || plugins[m.key] === 'custom').map(({ m, depth }) => ({ value: m.key, label: title(m), depth }));

  const post = async (op: 'save' | 'remove', body: Record<string, unknown>) => {
    try {
      const res = await api.post(`/system/menu/${op}`, body);
      toast(res.msg, { severity: 'success' });
      revalidator.revalidate();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fe = (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
      return fe ? { ...fe, parent: fe.parentKey } : false;
    }
  };
  const save = async ({ parent, orderNum, ...v }: Values) => {
    const done = await post('save', { ...v, key: draft!.key, parentKey: parent, orderNum: orderNum === '' ? 0 : Number(orderNum) });
    if (done !== true) return done || null;
    setDraft(null);
  };
  const edit = (m: Menu) =>
    setDraft({
      key: m.key,
      custom: plugins[m.key] === 'custom',
      parent: m.parentKey ?? '',
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
        <Button variant="contained" data-testid="menu-add" onClick={() => setDraft({ custom: true, parent: '', title: '', path: '', icon: '', orderNum: '0', hidden: false, permission: '' })}>
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
          <FormDialog
            title={draft.key ? t('core:resource.edit') : t('core:resource.add')}
            fields={draft.custom ? FIELDS : FIELDS.slice(-3)}
            initial={draft}
            lookups={{ parents }}
            maxWidth="sm"
            saveTestId="menu-save"
            onClose={() => setDraft(null)}
            onSubmit={save}
          />
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
