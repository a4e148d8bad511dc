// A small read-only table of declared fields: a breakdown above a list, a document's lines in a
// read-only view, a calculation's result. Headers are the fields' labels, values read as in the
// lists (money and numbers right-aligned); a screen may render cells itself and add a last row.
import type { ReactNode } from 'react';
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../resource/define';
import type { Lookups } from '../fields/FieldInput';
import { displayValue } from './cells';

type Row = Record<string, unknown>;

export interface TitledTableProps {
  fields: FieldDef[];
  rows: readonly object[];
  testId: string;
  /** Above the table; in an outlined card with `card` (above a list). */
  title?: string;
  card?: boolean;
  lookups?: Lookups;
  /** The screen's own cells, by field name. */
  cells?: Record<string, (row: Row) => ReactNode>;
  rowTestId?(row: Row): string;
  cellTestId?(row: Row, field: string): string | undefined;
  /** What one row says when there are none. */
  empty?: string;
  /** The last row (a total). */
  footer?: ReactNode;
}

const numeric = (f: FieldDef) => f.type === 'money' || f.type === 'number' || f.type === 'integer';

export function TitledTable({ fields, rows, testId, title, card, lookups = {}, cells = {}, rowTestId, cellTestId, empty, footer }: TitledTableProps) {
  const { t } = useTranslation();
  const table = (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {fields.map((f) => (
            <TableCell key={f.name} align={numeric(f) ? 'right' : undefined}>
              {t(f.labelKey)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {(rows as Row[]).map((r, i) => (
          <TableRow key={i} data-testid={rowTestId?.(r)}>
            {fields.map((f) => (
              <TableCell key={f.name} align={numeric(f) ? 'right' : undefined} sx={f.type === 'money' ? { fontVariantNumeric: 'tabular-nums' } : undefined} data-testid={cellTestId?.(r, f.name)}>
                {cells[f.name] ? cells[f.name](r) : displayValue(f, r[f.name], t, lookups) || '—'}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {rows.length === 0 && empty && (
          <TableRow>
            <TableCell colSpan={fields.length}>
              <Typography color="text.secondary">{empty}</Typography>
            </TableCell>
          </TableRow>
        )}
        {footer}
      </TableBody>
    </Table>
  );
  if (!title) return table;
  if (!card)
    return (
      <>
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
          {title}
        </Typography>
        {table}
      </>
    );
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {table}
      </CardContent>
    </Card>
  );
}
