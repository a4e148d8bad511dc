// What the user can do to rows: 新增/修改/删除 and the transitions, on the toolbar (for the
// selected rows) and in a row's 操作 cell; what the rows' state does not allow is disabled, with
// the catalogue message. Writes go through the resource's REST API (in the screen's variant).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { editableInState, endpoint, withVariant, type ResourceDef } from '../../resource/define';
import { ConfirmDialog } from '../ConfirmDialog';
import { NamedIcon } from '../icons';
import { ignoreApiError, useNotify } from '../notify';
import type { Row } from './cells';
import { TransitionNoteDialog } from './TransitionNoteDialog';
import type { ToolbarAction } from './toolbar';
import type { ListState } from './useListState';
import type { ResourcePageData } from './types';

/** How many transitions the toolbar shows when none is marked `primary` (the rest: 更多). */
const PRIMARY_TRANSITIONS = 3;

export function useResourceActions(def: ResourceDef, data: ResourcePageData, list: ListState) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [formRow, setFormRow] = useState<Row | null | undefined>(undefined);
  const [confirm, setConfirm] = useState<{ text: string; run: () => Promise<void> } | null>(null);
  const [noteFor, setNoteFor] = useState<{ name: string; ids: number[]; amount?: string | null; done(): void } | null>(null);
  const sm = def.stateMachine;
  const base = endpoint(def);
  const path = (p: string) => withVariant(p, list.variant);
  const { selectedRows, reload } = list;

  const stateOf = (r: Row) => String(r[sm!.field]);
  const notEditable = (r: Row) => !editableInState(def, r);
  const notDeletable = (r: Row) => !!sm?.deletableIn && !sm.deletableIn.includes(stateOf(r));
  const editRefused = t(sm?.editRefusedKey ?? 'core:resource.notEditable');
  const deleteRefused = t(sm?.deleteRefusedKey ?? 'core:resource.notDeletable');

  const needSome = (): Row[] | null => {
    if (!selectedRows.length) {
      toast(t('core:common.selectFirst'), { severity: 'warning' });
      return null;
    }
    return selectedRows;
  };
  const onEdit = () => {
    if (selectedRows.length !== 1) return void toast(t('core:common.selectFirst'), { severity: 'warning' });
    const row = selectedRows[0];
    if (notEditable(row)) return void toast(editRefused, { severity: 'warning' });
    setFormRow(row);
  };
  const deleteRows = (sel: Row[]) => {
    if (sel.some(notDeletable)) return void toast(deleteRefused, { severity: 'warning' });
    setConfirm({
      text: t('core:resource.confirmDelete', { count: sel.length }),
      run: async () => {
        const res = await api.del(path(base), { ids: sel.map((r) => r.id) });
        toast(res.msg, { severity: 'success' });
        list.setSelection([]);
        reload();
      },
    });
  };
  /** Runs a transition on rows (the selection, or one row from the drawer). */
  const transition = (name: string, sel: Row[] | null, done?: () => void) => {
    const tr = sm?.transitions.find((x) => x.name === name);
    if (!tr || !sel) return;
    if (sel.some((r) => !tr.from.includes(stateOf(r)))) return void toast(t(tr.refusedKey), { severity: 'warning' });
    const after = () => {
      reload();
      done?.();
    };
    if (tr.note || tr.amount) {
      const amount = tr.amount && sel.length === 1 ? sel[0][tr.amount.defaultFrom] : null;
      setNoteFor({ name, ids: sel.map((r) => r.id), amount: amount === null || amount === undefined ? null : String(amount), done: after });
      return;
    }
    setConfirm({
      text: t(tr.confirmKey ?? 'core:resource.confirmTransition', { action: t(tr.labelKey), count: sel.length }),
      run: async () => {
        const res = await api.post(path(`${base}/transition/${name}`), { ids: sel.map((r) => r.id) });
        toast(res.msg, { severity: 'success' });
        after();
      },
    });
  };
  // The toolbar: 新增/修改/删除 and the primary transitions visible, the other transitions in 更多.
  const primary: ToolbarAction[] = [];
  if (data.can.create) primary.push({ key: 'add', label: t('core:resource.add'), icon: <NamedIcon name="Add" fontSize="medium" />, variant: 'contained', onClick: () => setFormRow(null) });
  if (data.can.update) primary.push({ key: 'edit', label: t('core:resource.edit'), icon: <NamedIcon name="Edit" fontSize="medium" />, disabledReason: selectedRows.some(notEditable) ? editRefused : null, onClick: onEdit });
  if (data.can.delete)
    primary.push({
      key: 'delete',
      label: t('core:resource.delete'),
      icon: <NamedIcon name="Delete" fontSize="medium" />,
      color: 'error',
      disabledReason: selectedRows.some(notDeletable) ? deleteRefused : null,
      onClick: () => {
        const sel = needSome();
        if (sel) deleteRows(sel);
      },
    });
  const allowed = sm?.transitions.filter((tr) => data.can.transitions.includes(tr.name)) ?? [];
  const marked = allowed.some((tr) => tr.primary);
  const more: ToolbarAction[] = [];
  allowed.forEach((tr, i) => {
    const action: ToolbarAction = {
      key: tr.name,
      label: t(tr.labelKey),
      disabledReason: selectedRows.some((r) => !tr.from.includes(stateOf(r))) ? t(tr.refusedKey) : null,
      onClick: () => transition(tr.name, needSome()),
    };
    if (marked ? tr.primary : i < PRIMARY_TRANSITIONS) primary.push(action);
    else more.push(action);
  });

  const dialogs: ReactNode = (
    <>
      <ConfirmDialog
        open={!!confirm}
        text={confirm?.text ?? ''}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          const c = confirm;
          setConfirm(null);
          await c?.run().catch(ignoreApiError);
        }}
      />
      {noteFor && sm && (
        <TransitionNoteDialog
          transition={sm.transitions.find((x) => x.name === noteFor.name)!}
          initialAmount={noteFor.amount}
          onCancel={() => setNoteFor(null)}
          onSubmit={async (note, amount) => {
            const res = await api.post(path(`${base}/transition/${noteFor.name}`), { ids: noteFor.ids, note, amount });
            toast(res.msg, { severity: 'success' });
            setNoteFor(null);
            noteFor.done();
          }}
        />
      )}
    </>
  );

  return {
    primary,
    more,
    dialogs,
    formRow,
    setFormRow,
    allowed,
    transition,
    row: { notEditable, notDeletable, editRefused, deleteRefused, deleteRows },
  };
}

export type ResourceActions = ReturnType<typeof useResourceActions>;
