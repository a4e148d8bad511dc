// One collection of a document as an editable table: a row per line with an input per shown
// field (the same FieldInput as the forms), add and remove, the collection's own message under
// it, and for lines with lines of their own (goods → licences) the selected line's tables below.
// A wide collection (`detail`) lists a few columns and edits the selected line as a form below.
// After a failed save the first line with a message is selected.
import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { LineCollection } from '../../document/define';
import type { LookupOption } from '../../plugin';
import { FieldInput, type Lookups } from '../fields/FieldInput';
import type { Values } from '../fields/values';
import { useNotify } from '../notify';
import { displayValue } from '../resource/cells';
import { LineDetail, type LinePart } from './LineDetail';
import { blankLine, lineFields, pathKey } from './values';

export interface CellContext {
  line: Values;
  index: number;
  set(value: unknown): void;
  /** Sets several fields of the line at once (an upload's file and its name). */
  patch(values: Values): void;
  error?: string;
  readOnly: boolean;
}

/** What every table of a document shares. */
export interface LineContext {
  /** The header's values (titles and new lines may depend on them). */
  values: Values;
  errors: Record<string, string>;
  lookups: Lookups;
  readOnly: boolean;
  /** Replaces the lines at a path (every edit goes through here, with the error keys it clears). */
  onLines(path: (string | number)[], fn: (lines: Values[]) => Values[], cleared: string[]): void;
  /** Custom cells by `<collection>.<field>`. */
  cells?: Record<string, (ctx: CellContext) => ReactNode>;
  /** Custom parts of a selected line's form, by name. */
  custom?(name: string, part: LinePart): ReactNode;
}

export interface LineTableProps {
  collection: LineCollection;
  /** Where its lines sit in the document's values (`['goods', 0, 'licences']`). */
  path: (string | number)[];
  lines: Values[];
  ctx: LineContext;
  /** The line these lines belong to (lines of lines), for a new line's defaults. */
  parent?: Values;
}

export function LineTable({ collection: c, path, lines, ctx, parent }: LineTableProps) {
  const { values, errors, lookups, readOnly, onLines, cells } = ctx;
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [selected, setSelected] = useState(0);
  const prefix = c.testId ?? c.name;
  const detail = c.detail;
  const fields = detail ? detail.columns.map((n) => c.fields.find((f) => f.name === n)!) : lineFields(c);
  const labels = c.labels?.(values) ?? {};
  const hint = c.hintKey?.(values);
  const key = pathKey(path);
  const subs = c.lines ?? [];
  const selectable = subs.length > 0 || !!detail;

  const setCell = (i: number, name: string, v: unknown, picked?: LookupOption) =>
    onLines(path, (old) => old.map((l, j) => (j === i ? c.derive?.({ ...l, [name]: v }, name, picked) ?? { ...l, [name]: v } : l)), [key, `${key}.${i}.${name}`]);
  const patchLine = (i: number, p: Values) => onLines(path, (old) => old.map((l, j) => (j === i ? { ...l, ...p } : l)), [key, ...Object.keys(p).map((n) => `${key}.${i}.${n}`)]);
  const remove = (i: number) => {
    onLines(path, (old) => old.filter((_x, j) => j !== i), [key]);
    setSelected((s) => (s >= i && s > 0 ? s - 1 : s));
  };
  const add = () => {
    const refusal = c.addRefusal?.(lines[selected]);
    if (refusal) return toast(t(refusal), { severity: 'warning' });
    onLines(path, (old) => [...old, blankLine(c, old, values, parent)], [key]);
    setSelected(lines.length);
  };
  const current = lines[selected];

  const hasError = (i: number) => Object.entries(errors).some(([k, v]) => v && k.startsWith(`${key}.${i}.`));
  useEffect(() => {
    const bad = lines.findIndex((_l, i) => hasError(i));
    if (selectable && bad >= 0 && !hasError(selected)) setSelected(bad);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {t(c.labelKey)}
        </Typography>
        {!readOnly && c.add !== false && (
          <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={c.max !== undefined && lines.length >= c.max} data-testid={`${prefix}-add`}>
            {t(c.addKey ?? 'core:document.addLine')}
          </Button>
        )}
      </Stack>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {t(hint)}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={`${prefix}-table`}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              {fields.map((f) => (
                <TableCell key={f.name}>{t(labels[f.name] ?? f.labelKey)}</TableCell>
              ))}
              {!readOnly && <TableCell sx={{ width: 48 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => (
              <TableRow
                key={i}
                hover={selectable}
                selected={selectable && i === selected}
                onClick={selectable ? () => setSelected(i) : undefined}
                sx={selectable ? { cursor: 'pointer' } : undefined}
                data-testid={`${prefix}-row`}
              >
                <TableCell>{i + 1}</TableCell>
                {fields.map((f) => {
                  const error = errors[`${key}.${i}.${f.name}`];
                  const custom = cells?.[`${c.name}.${f.name}`];
                  const set = (v: unknown, picked?: LookupOption) => setCell(i, f.name, v, picked);
                  return (
                    <TableCell key={f.name} sx={{ minWidth: f.list && typeof f.list === 'object' && f.list.width ? f.list.width : 110, verticalAlign: 'top' }}>
                      {detail ? (
                        displayValue(f, line[f.name], t, lookups)
                      ) : custom ? (
                        custom({ line, index: i, set, patch: (p) => patchLine(i, p), error, readOnly })
                      ) : (
                        <FieldInput field={f} value={line[f.name]} onChange={set} lookups={lookups} error={error} disabled={readOnly} testId={`${prefix}-${i}-${f.name}`} cell />
                      )}
                      {error && (
                        <FormHelperText error data-testid={`${prefix}-${i}-${f.name}-error`}>
                          {error}
                        </FormHelperText>
                      )}
                    </TableCell>
                  );
                })}
                {!readOnly && (
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={t('core:document.removeLine')}
                      onClick={(e) => {
                        e.stopPropagation();
                        remove(i);
                      }}
                      data-testid={`${prefix}-${i}-remove`}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
            {!lines.length && (
              <TableRow>
                <TableCell colSpan={fields.length + 2}>
                  <Typography color="text.secondary">{t('core:document.noLines')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <FormHelperText error data-testid={`${prefix}-error`}>
        {errors[key] || ' '}
      </FormHelperText>
      {current && detail && (
        <LineDetail
          key={selected}
          collection={c}
          line={current}
          errorKey={`${key}.${selected}.`}
          errors={errors}
          lookups={lookups}
          readOnly={readOnly}
          testId={prefix}
          set={(name, v, picked) => setCell(selected, name, v, picked)}
          clearError={(name) => onLines(path, (old) => old, [`${key}.${selected}.${name}`])}
          custom={ctx.custom}
        />
      )}
      {current &&
        subs.map((sub) => (
          <Box key={`${sub.name}-${selected}`} sx={{ pl: 2, borderLeft: 2, borderColor: 'divider' }} data-testid={`${prefix}-${selected}-${sub.name}`}>
            <LineTable collection={sub} path={[...path, selected, sub.name]} lines={(current[sub.name] as Values[] | undefined) ?? []} ctx={ctx} parent={current} />
          </Box>
        ))}
    </Box>
  );
}
