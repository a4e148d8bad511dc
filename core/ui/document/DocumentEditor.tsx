// The editor of a declared document (core/document/define.ts): header sections of the
// resource's fields, optional tabs, editable line tables (lines of lines for the selected
// line), read-only computed values, and the resource form's save: the same zod schema in the
// browser, then create or update with the version, a 409 or the server's field errors shown on
// the right line and field. Domain parts that are not generic (an upload) come in as `sections`.
import { useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DocumentDef, DocumentSection } from '../../document/define';
import { FieldGrid, type Lookups } from '../fields/FieldInput';
import { formFields, type Values } from '../fields/values';
import { useRowSubmit } from '../resource/useRowSubmit';
import { LineTable, type CellContext } from './LineTable';
import { documentPayload, initialDocument, shown, updateLines } from './values';

export interface SectionContext {
  values: Values;
  row: Values | null;
  errors: Record<string, string>;
  readOnly: boolean;
  set(name: string, value: unknown): void;
  clearError(name: string): void;
}

export interface DocumentEditorProps {
  doc: DocumentDef;
  row: Values | null;
  lookups: Lookups;
  onClose(): void;
  onSaved(): void;
  /** Shown, not edited (no add, remove or save). */
  readOnly?: boolean;
  /** Dialog title instead of 新增/编辑 <title>. */
  title?: string;
  /** Renderers of the declaration's custom sections, by name. */
  sections?: Record<string, (ctx: SectionContext) => ReactNode>;
  /** Renderers of line cells, by `<collection>.<field>`. */
  cells?: Record<string, (ctx: CellContext) => ReactNode>;
}

export function DocumentEditor({ doc, row, lookups, onClose, onSaved, readOnly = false, title, sections: custom = {}, cells }: DocumentEditorProps) {
  const { t } = useTranslation();
  const def = doc.resource;
  const mode = row ? 'update' : 'create';
  const [values, setValues] = useState<Values>(() => initialDocument(doc, row, mode));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState(doc.tabs?.[0]?.name);
  const { submit, saving } = useRowSubmit(def, row, { onSaved, onClose, onErrors: setErrors });

  const clear = (keys: string[]) => setErrors((old) => (keys.some((k) => old[k]) ? { ...old, ...Object.fromEntries(keys.map((k) => [k, ''])) } : old));
  const set = (name: string, v: unknown) => {
    setValues((old) => ({ ...old, [name]: v }));
    clear([name]);
  };
  const onLines = (path: (string | number)[], fn: (lines: Values[]) => Values[], cleared: string[]) => {
    setValues((old) => updateLines(old, path, fn));
    clear(cleared);
  };

  const lineCtx = { values, errors, lookups, readOnly, onLines, cells };
  const fields = formFields(def, mode);
  const layout: DocumentSection[] = doc.sections ?? [{ fields: '*' }, ...doc.lines.map((c) => ({ lines: [c.name] }))];
  const placed = new Set(layout.flatMap((s) => (Array.isArray(s.fields) ? s.fields : [])));
  const fieldsOf = (s: DocumentSection) =>
    (s.fields === '*' ? fields.filter((f) => !placed.has(f.name)) : (s.fields ?? []).map((n) => fields.find((f) => f.name === n)).filter((f) => !!f)).filter((f) => shown(doc, f.name, values));

  // A tab whose fields or lines have a message says so, or the message would go unseen.
  const tabErrors = (name: string) => {
    const names = new Set(layout.filter((s) => s.tab === name).flatMap((s) => [...fieldsOf(s).map((f) => f.name), ...(s.lines ?? [])]));
    return Object.entries(errors).some(([k, v]) => v && names.has(k.split('.')[0]));
  };

  const section = (s: DocumentSection, i: number) => {
    const own = fieldsOf(s);
    return (
      <Box key={i} sx={{ mt: i ? 1 : 0 }}>
        {s.titleKey && (
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t(s.titleKey)}
          </Typography>
        )}
        {own.length > 0 && <FieldGrid fields={own} values={values} errors={errors} lookups={lookups} onChange={set} mode={mode} readOnly={readOnly} wide />}
        {s.custom && custom[s.custom]?.({ values, row, errors, readOnly, set, clearError: (name) => clear([name]) })}
        {(s.lines ?? [])
          .map((name) => doc.lines.find((c) => c.name === name)!)
          .filter((c) => shown(doc, c.name, values))
          .map((c) => (
            <LineTable key={c.name} collection={c} path={[c.name]} lines={(values[c.name] as Values[] | undefined) ?? []} ctx={lineCtx} />
          ))}
      </Box>
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth={doc.maxWidth ?? 'lg'} fullWidth data-testid={doc.testId ?? 'document-form'}>
      <DialogTitle>{title ?? t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}</DialogTitle>
      <DialogContent>
        {doc.tabs && (
          <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} sx={{ mb: 1 }}>
            {doc.tabs.map((x) => (
              <Tab key={x.name} value={x.name} label={t(x.labelKey)} data-testid={`tab-${x.name}`} sx={tabErrors(x.name) ? { color: 'error.main' } : undefined} />
            ))}
          </Tabs>
        )}
        {layout.map((s, i) => (!doc.tabs || s.tab === tab ? section(s, i) : null))}
        {(doc.computed ?? []).map((c) => (
          <Stack key={c.name} direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Typography variant="h6">{t(c.labelKey)}:</Typography>
            <Typography variant="h6" data-testid={`computed-${c.name}`}>
              {c.value(values)}
            </Typography>
          </Stack>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(readOnly ? 'core:document.close' : 'core:common.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => submit(documentPayload(doc, values, mode))} disabled={saving} data-testid="form-save">
            {t('core:resource.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
