// The HS declaration elements of the selected goods line (申报要素), a custom part of its form:
// the elements of its HS code, read from the HS table, each an input (element-<seq>); the
// specification model is built from them in order (spec-preview) and kept on the line.
import { useEffect, useState } from 'react';
import { Box, Grid, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type SectionContext, useNotify } from '@core/client';
import { specModel } from '../declaration';

interface Element {
  seq: number;
  name: string;
  /** The English name, shown to en/my users when the HS table has one. */
  nameEn: string | null;
  isRequired: boolean;
}

const k = (name: string) => `customs:declarations.${name}`;

export function HsElements({ ctx }: { ctx: SectionContext }) {
  const { t, i18n } = useTranslation();
  const { api } = useNotify();
  const [elements, setElements] = useState<Element[]>([]);
  const hsCode = String(ctx.values.hsCode ?? '');
  const values = (ctx.values.elements ?? {}) as Record<string, string>;
  useEffect(() => {
    if (!hsCode) return setElements([]);
    api
      .get<{ rows: Record<string, unknown>[] }>('/customs/hsElement', { hsCode, pageSize: 100, sort: 'seq:asc' }, { silent: true })
      .then((res) => setElements((res.data?.rows ?? []).map((r) => ({ seq: Number(r.seq), name: String(r.name), nameEn: r.nameEn ? String(r.nameEn) : null, isRequired: !!r.isRequired }))))
      .catch(() => setElements([]));
  }, [api, hsCode]);
  if (!elements.length) return null;

  const set = (seq: number, v: string) => {
    const next = { ...values, [String(seq)]: v };
    ctx.set('elements', next);
    ctx.set('specModel', specModel(elements, next));
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="div" sx={{ mb: 1 }}>
        {t(k('goods.elements'))} — {t(k('goods.specModel'))}: <code data-testid="spec-preview">{specModel(elements, values)}</code>
      </Typography>
      <Grid container spacing={1}>
        {elements.map((e) => (
          <Grid key={e.seq} size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              size="small"
              fullWidth
              required={e.isRequired}
              disabled={ctx.readOnly}
              label={`${e.seq}. ${i18n.language !== 'zh' && e.nameEn ? e.nameEn : e.name}`}
              value={values[String(e.seq)] ?? ''}
              onChange={(ev) => set(e.seq, ev.target.value)}
              slotProps={{ htmlInput: { 'data-testid': `element-${e.seq}` } }}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
