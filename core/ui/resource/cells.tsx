// How a resource's values read on screen (the grid, its first server paint, the drawer and the
// forms): enum and lookup labels, yes/no, one date-time format; and the grid's columns.
import { useMemo, type ReactNode } from 'react';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates';
import type { LookupOption } from '../../plugin';
import { listed, type FieldDef, type ResourceDef } from '../../resource/define';
import { htmlExcerpt } from '../../resource/html';
import { imageSrc } from '../fields/ImageInput';

export type Row = Record<string, unknown> & { id: number };

export function optionLabel(t: (k: string) => string, label: string): string {
  return label.includes(':') ? t(label) : label;
}

/** t remembering its answers, for one render of many rows (the same choice labels again and again). */
export function rememberingT(t: (k: string) => string): (k: string) => string {
  const seen = new Map<string, string>();
  return (k) => {
    let v = seen.get(k);
    if (v === undefined) seen.set(k, (v = t(k)));
    return v;
  };
}

export function displayValue(f: FieldDef, v: unknown, t: (k: string) => string, lookups: Record<string, LookupOption[]>): string {
  if (v === null || v === undefined || v === '') return '';
  if (f.type === 'enum') {
    const o = f.options?.find((x) => x.value === String(v));
    return o ? t(o.labelKey) : String(v);
  }
  if ((f.type === 'ref' || f.type === 'refs') && f.lookup) {
    const opts = lookups[f.lookup] ?? [];
    const one = (x: unknown) => {
      const o = opts.find((y) => y.value === String(x));
      return o ? optionLabel(t, o.label) : String(x);
    };
    return Array.isArray(v) ? v.map(one).join(', ') : one(v);
  }
  if (f.type === 'boolean') return v ? t('core:common.yes') : t('core:common.no');
  if (f.type === 'html') return htmlExcerpt(v);
  // One format in every language (and the same on the server's first paint and in the grid).
  if (f.type === 'datetime') return formatDateTime(v);
  return String(v);
}

type Renderers = Record<string, (row: Row) => ReactNode> | undefined;

/** A row's cell: the screen's own renderer, else the value as text, the state as a chip. */
export function cellOf(def: ResourceDef, f: FieldDef, row: Row, t: (k: string) => string, lookups: Record<string, LookupOption[]>, renderCell: Renderers): ReactNode {
  const custom = renderCell?.[f.name];
  if (custom) return custom(row);
  if (f.type === 'image') return <ImageThumb id={row[f.name]} alt={t(f.labelKey)} />;
  const text = displayValue(f, row[f.name], t, lookups);
  if (def.stateMachine && f.name === def.stateMachine.field) return <Chip size="small" label={text} variant="outlined" data-state-chip="" />;
  return text;
}

/** The grid's columns: the listed fields. */
export function useColumns(def: ResourceDef, lookups: Record<string, LookupOption[]>, renderCell: Renderers): GridColDef[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      def.fields.filter(listed).map((f) => ({
        field: f.name,
        headerName: t(f.labelKey),
        sortable: !!f.sortable,
        // A date-time reads whole (YYYY-MM-DD HH:mm:ss) rather than cut.
        minWidth: f.type === 'datetime' ? 168 : 90,
        flex: typeof f.list === 'object' && f.list.width ? undefined : 1,
        width: typeof f.list === 'object' ? f.list.width : undefined,
        type: f.type === 'integer' || f.type === 'number' ? 'number' : 'string',
        renderCell: (p) => cellOf(def, f, p.row as Row, t, lookups, renderCell),
      })),
    [def, t, lookups, renderCell],
  );
}

/** A stored image, small: the grid's cell of an `image` field (nothing when there is none). */
export function ImageThumb({ id, alt, height = 32 }: { id: unknown; alt: string; height?: number }) {
  if (id === null || id === undefined || id === '') return null;
  return <img src={imageSrc(id)} alt={alt} loading="lazy" style={{ height, maxWidth: height * 2, objectFit: 'cover', borderRadius: 2, verticalAlign: 'middle' }} data-testid={`thumb-${Number(id)}`} />;
}
