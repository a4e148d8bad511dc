// The editor of a declared document (core/document/define.ts): header sections of the
// resource's fields, optional tabs, editable line tables (lines of lines for the selected
// line), read-only computed values, and the resource form's save: the same zod schema in the
// browser, then create or update with the version, a 409 or the server's field errors shown on
// the right line and field (the first tab with a message comes into view). Domain parts that are
// not generic (an upload) come in as `sections`, the document's own buttons (submit, print) as
// `actions`; it sits in a dialog, a full-screen dialog or the page (EditorFrame). A row whose
// state is not editable is shown read-only.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DocumentDef, DocumentSection } from '../../document/define';
import type { LookupOption } from '../../plugin';
import { editableInState, endpoint, resourceKey } from '../../resource/define';
import { FieldGrid, type Lookups } from '../fields/FieldInput';
import { UploadTarget } from '../fields/uploadTarget';
import { formFields, requiredFields, withValue, type Values } from '../fields/values';
import { useNotify } from '../notify';
import { useRowSubmit } from '../resource/useRowSubmit';
import { EditorFrame, type EditorFrameKind } from './EditorFrame';
import { LineTable, type CellContext } from './LineTable';
import { documentPayload, initialDocument, shown, updateLines } from './values';

export interface SectionContext {
  values: Values;
  row: Values | null;
  errors: Record<string, string>;
  readOnly: boolean;
  set(name: string, value: unknown): void;
  clearError(name: string): void;
  /** Reads the row again (a receipt or a transition moved it on). */
  reload(): Promise<void>;
}

export interface ActionContext {
  values: Values;
  /** The row as last loaded or saved (null while new). */
  row: Values | null;
  saving: boolean;
  readOnly: boolean;
  /** Checks and saves; the saved row, or null when something is wrong (shown on the fields). Quiet: no toast when saved (the action tells what followed). */
  save(opts?: { quiet?: boolean }): Promise<Values | null>;
  reload(): Promise<void>;
}

export interface DocumentEditorProps {
  doc: DocumentDef;
  row: Values | null;
  lookups: Lookups;
  /** No close in the page frame. */
  onClose?(): void;
  /** After a save; a dialog then closes, the full-screen and page frames stay on the saved row. */
  onSaved(saved: Values): void;
  frame?: EditorFrameKind;
  /** Shown, not edited (no add, remove or save). */
  readOnly?: boolean;
  /** Dialog title instead of 新增/编辑 <title> (of the row as last loaded or saved). */
  title?: string | ((row: Values | null) => string);
  /** Renderers of the declaration's custom sections, by name. */
  sections?: Record<string, (ctx: SectionContext) => ReactNode>;
  /** Renderers of line cells, by `<collection>.<field>`. */
  cells?: Record<string, (ctx: CellContext) => ReactNode>;
  /** The document's own buttons, before the save button (save and submit, print). */
  actions?(ctx: ActionContext): ReactNode;
  /** Beside the title (the state). */
  badges?(row: Values | null): ReactNode;
  /**
   * The save button's label and testid (default 保存, form-save); false: none. `messageKey`: the
   * toast when saved instead of the server's; `invalidKey`: a warning toast when the browser
   * check refuses (a long page whose marked fields may be out of view).
   */
  save?: false | { labelKey?: string; testId?: string; variant?: 'contained' | 'outlined'; messageKey?: string; invalidKey?: string };
  closeTestId?: string;
}

export function DocumentEditor(props: DocumentEditorProps) {
  const { doc, lookups, onClose, onSaved, frame = 'dialog', title, sections: custom = {}, cells, actions, badges, save: saveButton = {}, closeTestId } = props;
  const { t } = useTranslation();
  const { api } = useNotify();
  const def = doc.resource;
  // Outside a dialog the editor stays open after a save, on the saved row (its id and version).
  const [row, setRow] = useState(props.row);
  // The row for what runs after an await (a save then a transition then a reload).
  const latest = useRef(props.row);
  const keep = (next: Values) => {
    latest.current = next;
    setRow(next);
  };
  // A page revalidates after a save or a transition: the row it brings back newer (by version) replaces the one held.
  if (props.row && row && props.row.id === row.id && Number(props.row.version) > Number(row.version)) keep(props.row);
  const readOnly = !!props.readOnly || (!!row && !editableInState(def, row));
  const mode = row ? 'update' : 'create';
  const [values, setValues] = useState<Values>(() => initialDocument(doc, row, mode));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState(doc.tabs?.[0]?.name);
  const stays = frame !== 'dialog';
  const afterSave = (saved: Values) => {
    if (stays) keep({ ...latest.current, ...saved });
    onSaved(saved);
  };
  const { submit, saving } = useRowSubmit(def, row, { onSaved: afterSave, onClose: stays ? undefined : onClose, onErrors: (e) => showErrors(e) });
  const toasts = saveButton ? { saved: saveButton.messageKey && t(saveButton.messageKey), invalid: saveButton.invalidKey && t(saveButton.invalidKey) } : {};
  const save = (opts: { quiet?: boolean } = {}) => submit(documentPayload(doc, values, mode), { ...toasts, ...(opts.quiet ? { saved: null } : {}) });
  const required = useMemo(() => requiredFields(def, t, mode), [def, t, mode]);
  const reload = async () => {
    const id = latest.current?.id;
    const res = id === undefined ? null : await api.get<Values>(`${endpoint(def)}/${String(id)}`, undefined, { silent: true }).catch(() => null);
    if (res?.data) keep(res.data);
  };

  const clear = (keys: string[]) => setErrors((old) => (keys.some((k) => old[k]) ? { ...old, ...Object.fromEntries(keys.map((k) => [k, ''])) } : old));
  const set = (name: string, v: unknown, picked?: LookupOption) => {
    setValues((old) => {
      const next = withValue(def.fields, old, name, v, lookups);
      return doc.derive?.(next, name, picked) ?? next;
    });
    clear([name]);
  };
  const onLines = (path: (string | number)[], fn: (lines: Values[]) => Values[], cleared: string[]) => {
    setValues((old) => updateLines(old, path, fn));
    clear(cleared);
  };

  const lineCtx = {
    values,
    errors,
    lookups,
    readOnly,
    onLines,
    cells,
    custom: (name: string, part: Pick<SectionContext, 'values' | 'errors' | 'set' | 'clearError'>) => custom[name]?.({ ...part, row, readOnly, reload }),
  };
  const fields = formFields(def, mode);
  const layout: DocumentSection[] = doc.sections ?? [{ fields: '*' }, ...doc.lines.map((c) => ({ lines: [c.name] }))];
  const placed = new Set(layout.flatMap((s) => (Array.isArray(s.fields) ? s.fields : [])));
  const fieldsOf = (s: DocumentSection) =>
    (s.fields === '*' ? fields.filter((f) => !placed.has(f.name)) : (s.fields ?? []).map((n) => fields.find((f) => f.name === n)).filter((f) => !!f)).filter((f) => shown(doc, f.name, values));

  // A tab whose fields or lines have a message says so, or the message would go unseen; after a
  // failed save the first such tab opens unless the open one has a message too.
  const tabs = (doc.tabs ?? []).filter((x) => !x.saved || row);
  const tabErrors = (name: string | undefined, list = errors) => {
    const names = new Set(layout.filter((s) => s.tab === name).flatMap((s) => [...fieldsOf(s).map((f) => f.name), ...(s.lines ?? [])]));
    return Object.entries(list).some(([k, v]) => v && names.has(k.split('.')[0]));
  };
  function showErrors(list: Record<string, string>) {
    setErrors(list);
    const first = tabErrors(tab, list) ? undefined : tabs.find((x) => tabErrors(x.name, list));
    if (first) setTab(first.name);
  }

  const section = (s: DocumentSection, i: number) => {
    const own = fieldsOf(s);
    return (
      <Box key={i} sx={{ mt: i ? 1 : 0 }}>
        {s.titleKey && (
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t(s.titleKey)}
          </Typography>
        )}
        {own.length > 0 && (
          <UploadTarget.Provider value={resourceKey(def)}>
            <FieldGrid fields={own} values={values} errors={errors} lookups={lookups} onChange={set} mode={mode} readOnly={readOnly} wide testIdPrefix={doc.fieldTestId} required={required} />
          </UploadTarget.Provider>
        )}
        {s.custom && custom[s.custom]?.({ values, row, errors, readOnly, set, clearError: (name) => clear([name]), reload })}
        {(s.lines ?? [])
          .map((name) => doc.lines.find((c) => c.name === name)!)
          .filter((c) => shown(doc, c.name, values))
          .map((c) => (
            <LineTable key={c.name} collection={c} path={[c.name]} lines={(values[c.name] as Values[] | undefined) ?? []} ctx={lineCtx} />
          ))}
      </Box>
    );
  };

  const count = (name?: string) => (name ? ` (${((values[name] as Values[] | undefined) ?? []).length})` : '');
  return (
    <EditorFrame
      kind={frame}
      title={typeof title === 'function' ? title(row) : title ?? t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}
      badges={badges?.(row)}
      onClose={onClose}
      closeTestId={closeTestId}
      testId={doc.testId ?? 'document-form'}
      maxWidth={doc.maxWidth}
      tabs={
        doc.tabs && (
          <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} variant="scrollable" sx={{ mb: frame === 'dialog' ? 1 : 0 }}>
            {tabs.map((x) => (
              <Tab key={x.name} value={x.name} label={`${t(x.labelKey)}${count(x.count)}`} data-testid={`tab-${x.name}`} sx={tabErrors(x.name) ? { color: 'error.main' } : undefined} />
            ))}
          </Tabs>
        )
      }
      buttons={
        <>
          {frame === 'dialog' && onClose && <Button onClick={onClose}>{t(readOnly ? 'core:document.close' : 'core:common.cancel')}</Button>}
          {actions?.({ values, row, saving, readOnly, save, reload })}
          {!readOnly && saveButton && (
            <Button variant={saveButton.variant ?? 'contained'} onClick={() => void save()} disabled={saving} data-testid={saveButton.testId ?? 'form-save'}>
              {t(saveButton.labelKey ?? 'core:resource.save')}
            </Button>
          )}
        </>
      }
    >
      {layout.map((s, i) => (!doc.tabs || s.tab === tab ? section(s, i) : null))}
      {(doc.computed ?? []).map((c) => (
        <Stack key={c.name} direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Typography variant="h6">{t(c.labelKey)}:</Typography>
          <Typography variant="h6" data-testid={`computed-${c.name}`}>
            {c.value(values)}
          </Typography>
        </Stack>
      ))}
    </EditorFrame>
  );
}
