// The pieces both document editors (manifests, reports) are built from: header inputs generated
// from the resource's fields, an inline-editable lines table, the zod issues keyed by their
// full path, local-time inputs, and the receipts panel with the meaning of each receipt code.
import type { ReactNode } from 'react';
import { Autocomplete, Box, Checkbox, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LookupOption } from '@core/plugin';
import type { FieldDef, ResourceDef } from '@core/resource/define';
import { optionLabel } from '@core/ui/resource/ResourcePage';
import { DateTimeField } from '@core/ui/DateField';
import { dayjsInZone } from '@core/i18n/dates';
import { ReceiptsTable } from '../receipts/ReceiptsTable';
import { k, RECEIPT_CODES, RECEIPT_MOVES, type DocumentName } from './document';

export type Values = Record<string, string>;
export type Lookups = Record<string, LookupOption[]>;
export type Errors = Record<string, string>;

/** An ISO moment as the date-time picker's value ('' when none or unreadable). */
function isoMoment(v: unknown): string {
  return dayjsInZone(v)?.toISOString() ?? '';
}

/** The header fields the user fills in (no computed or engine-kept columns). */
export const headerFields = (def: ResourceDef) => def.fields.filter((f) => f.form !== false && f.column !== null && f.name !== 'updatedAt');

export function initialHeader(def: ResourceDef, row: Record<string, unknown> | null): Values {
  const v: Values = {};
  for (const f of headerFields(def)) {
    const x = row?.[f.name];
    v[f.name] = f.type === 'datetime' ? isoMoment(x) : x === null || x === undefined ? '' : String(x);
  }
  return v;
}

export function headerPayload(def: ResourceDef, v: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of headerFields(def)) out[f.name] = f.type === 'datetime' ? v[f.name] : v[f.name].trim();
  return out;
}

/** Every failed check of the schema, keyed by its path (`bills.0.goods.2.seq`). */
export function issuesOf(schema: z.ZodType, payload: unknown): Errors | null {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return null;
  const out: Errors = {};
  for (const i of parsed.error.issues) out[i.path.join('.')] ||= i.message;
  return out;
}

function options(f: Pick<FieldDef, 'type' | 'options' | 'lookup'>, t: TFunction, lookups: Lookups) {
  if (f.type === 'enum') return (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));
  return (lookups[f.lookup ?? ''] ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o.label) }));
}

export interface InputSpec {
  name: string;
  labelKey: string;
  type: FieldDef['type'];
  options?: FieldDef['options'];
  lookup?: string;
  required?: boolean;
  maxLength?: number;
}

/** One input: a picker for codes (type to search), a select for enums, text otherwise. */
export function FieldInput({ f, value, error, onChange, lookups, disabled, dense, testId }: { f: InputSpec; value: string; error?: string; onChange(v: string): void; lookups: Lookups; disabled?: boolean; dense?: boolean; testId: string }) {
  const { t } = useTranslation();
  const label = dense ? undefined : t(f.labelKey);
  const common = { label, error: !!error, helperText: dense ? undefined : error || ' ', fullWidth: true, disabled, required: f.required && !dense, size: 'small' as const };
  if (f.type === 'ref') {
    const opts = options(f, t, lookups);
    const selected = opts.find((o) => o.value === value) ?? (value ? { value, label: value } : null);
    return (
      <Autocomplete
        options={opts}
        value={selected}
        disabled={disabled}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_e, o) => onChange(o?.value ?? '')}
        renderInput={(p) => <TextField {...p} {...common} title={error} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': testId } }} />}
      />
    );
  }
  if (f.type === 'enum') {
    return (
      <TextField {...common} select value={value} onChange={(e) => onChange(e.target.value)} title={error} slotProps={{ htmlInput: { 'data-testid': testId } }}>
        <MenuItem value="">—</MenuItem>
        {options(f, t, lookups).map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (f.type === 'datetime') {
    // YYYY-MM-DD HH:mm:ss in the platform zone; the value is an ISO moment.
    return <DateTimeField {...common} value={value} onChange={onChange} testId={`${testId}-field`} inputTestId={testId} />;
  }
  return (
    <TextField
      {...common}
      value={value}
      title={error}
      onChange={(e) => onChange(e.target.value)}
      multiline={f.type === 'text' && !dense}
      inputMode={f.type === 'number' || f.type === 'integer' || f.type === 'money' ? 'decimal' : undefined}
      slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': testId } }}
    />
  );
}

/** The header inputs of a document in a grid. */
export function HeaderInputs({ def, values, errors, onChange, lookups, disabled, required }: { def: ResourceDef; values: Values; errors: Errors; onChange(name: string, v: string): void; lookups: Lookups; disabled?: boolean; required: Set<string> }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
      {headerFields(def).map((f) => (
        <Box key={f.name} sx={f.type === 'text' ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput f={{ ...f, required: required.has(f.name) }} value={values[f.name] ?? ''} error={errors[f.name]} onChange={(v) => onChange(f.name, v)} lookups={lookups} disabled={disabled} testId={`form-${f.name}`} />
        </Box>
      ))}
    </Box>
  );
}

export interface LineRow {
  /** Local key (rows not yet saved have no id). */
  key: string;
  values: Values;
}

/** An inline-editable table of lines; rows can be ticked for deletion. */
export function LinesTable({
  columns,
  rows,
  errors,
  errorPrefix,
  onChange,
  ticked,
  onTick,
  lookups,
  disabled,
  testId,
}: {
  columns: InputSpec[];
  rows: LineRow[];
  errors: Errors;
  errorPrefix: string;
  onChange(key: string, name: string, v: string): void;
  ticked: Set<string>;
  onTick(key: string, on: boolean): void;
  lookups: Lookups;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            {columns.map((c) => (
              <TableCell key={c.name} sx={{ whiteSpace: 'nowrap' }}>
                {c.required ? <span style={{ color: '#d32f2f' }}>* </span> : null}
                {t(c.labelKey)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1}>
                <Typography variant="body2" color="text.secondary">
                  {t(k('hint.noLines'))}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((r, i) => (
            <TableRow key={r.key} data-testid={`${testId}-row`}>
              <TableCell padding="checkbox">
                <Checkbox size="small" checked={ticked.has(r.key)} onChange={(e) => onTick(r.key, e.target.checked)} disabled={disabled} />
              </TableCell>
              {columns.map((c) => {
                const err = errors[`${errorPrefix}.${i}.${c.name}`];
                return (
                  <TableCell key={c.name} sx={{ minWidth: c.type === 'ref' ? 200 : 110, verticalAlign: 'top' }}>
                    <FieldInput f={c} dense value={r.values[c.name] ?? ''} error={err} onChange={(v) => onChange(r.key, c.name, v)} lookups={lookups} disabled={disabled} testId={`${testId}-${i}-${c.name}`} />
                    {err && (
                      <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                        {err}
                      </Typography>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function SectionTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 2, mb: 1, flexWrap: 'wrap' }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
        {children}
      </Typography>
      {actions}
    </Stack>
  );
}

/** A document's receipts, and what each code customs may send does to it. */
export function ReceiptsPanel({ doc, docId, onChanged }: { doc: DocumentName; docId: number; onChanged?(): void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <ReceiptsTable docType={doc} docId={docId} statusLabel={(s) => t(k(`status.${s}`))} onChanged={onChanged} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="receipt-codes">
        {t(k('section.receiptCodes'))}: {RECEIPT_CODES[doc].map((c) => `${c} ${t(k(`receiptCode.${c}`))} → ${t(k(`status.${RECEIPT_MOVES[c].to}`))}`).join('；')}
      </Typography>
    </Box>
  );
}

let seq = 0;
export const newKey = () => `new-${++seq}`;
