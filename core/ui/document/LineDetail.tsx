// The selected line of a wide collection (goods lines of thirty fields) edited as a form below
// its table: the declared groups of its fields (inputs `<prefix>-<field>`), each under its
// divider, and the domain parts the page renders by name (DocumentEditor's `sections`).
import type { ReactNode } from 'react';
import { Box, Divider, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LineCollection } from '../../document/define';
import type { LookupOption } from '../../plugin';
import { FieldGrid, type Lookups } from '../fields/FieldInput';
import type { Values } from '../fields/values';

/** What a custom part of a line's form gets: the line as its values, its messages by field. */
export interface LinePart {
  values: Values;
  errors: Record<string, string>;
  set(name: string, value: unknown, picked?: LookupOption): void;
  clearError(name: string): void;
}

export interface LineDetailProps {
  collection: LineCollection;
  line: Values;
  /** The error keys of this line start with it (`goods.2.`). */
  errorKey: string;
  errors: Record<string, string>;
  lookups: Lookups;
  readOnly: boolean;
  testId: string;
  set: LinePart['set'];
  clearError(name: string): void;
  custom?(name: string, part: LinePart): ReactNode;
}

export function LineDetail({ collection: c, line, errorKey, errors: all, lookups, readOnly, testId, set, clearError, custom }: LineDetailProps) {
  const { t } = useTranslation();
  const errors = Object.fromEntries(Object.entries(all).flatMap(([k, v]) => (k.startsWith(errorKey) ? [[k.slice(errorKey.length), v]] : [])));
  const fieldsOf = (names: string[]) => names.map((n) => c.fields.find((f) => f.name === n)!);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-testid={`${testId}-editor`}>
      {c
        .detail!.sections.filter((s) => s.when?.(line) ?? true)
        .map((s, i) => (
          <Box key={i}>
            {s.titleKey && <Divider sx={{ my: 1 }}>{t(s.titleKey)}</Divider>}
            {s.fields && <FieldGrid fields={fieldsOf(s.fields)} values={line} errors={errors} lookups={lookups} onChange={set} mode="update" readOnly={readOnly} wide testIdPrefix={testId} />}
            {s.custom && custom?.(s.custom, { values: line, errors, set, clearError })}
          </Box>
        ))}
    </Paper>
  );
}
