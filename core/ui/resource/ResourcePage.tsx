// The list screen every resource gets: query form (查询/重置), toolbar (add, edit, delete,
// transitions, export, import), server-side paged/sorted grid with row selection, and the
// form dialog generated from the same declaration. Writes go through the resource's REST API.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Form, useNavigation, useRevalidator, useSearchParams, useSubmit } from '@remix-run/react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../http/client';
import type { LookupOption } from '../../plugin';
import { endpoint, listed, PAGE_SIZES, resourceKey, transitionAmountCheck, type FieldDef, type ResourceDef, type Transition } from '../../resource/define';
import { useNotify } from '../notify';
import { ConfirmDialog } from '../ConfirmDialog';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ImportDialog } from './ImportDialog';

type Row = Record<string, unknown> & { id: number };

export interface ResourcePageProps {
  def: ResourceDef;
  data: {
    result: { rows: Row[] | Record<string, unknown>[]; total: number | null; page: number; pageSize: number };
    query: { page: number; pageSize: number; sort: { field: string; dir: 'asc' | 'desc' } | null };
    can: { create: boolean; update: boolean; delete: boolean; export: boolean; import: boolean; transitions: string[] };
    prefs: { pageSize?: number; hidden?: string[] };
    lookups: Record<string, LookupOption[]>;
  };
  /** Extra toolbar buttons (given the selected rows). */
  actions?: (selected: Row[], reload: () => void) => ReactNode;
  /** Extra per-row cell renderers by field name. */
  renderCell?: Record<string, (row: Row) => ReactNode>;
  /** Overrides the default form dialog (e.g. the role editor). */
  renderForm?: (props: { open: boolean; row: Row | null; onClose(): void; onSaved(): void }) => ReactNode;
}

export function optionLabel(t: (k: string) => string, label: string): string {
  return label.includes(':') ? t(label) : label;
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
  // One format in every language (and the same on the server's first paint and in the grid).
  if (f.type === 'datetime') return dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss');
  return String(v);
}

function FilterField({ f, value, lookups }: { f: FieldDef; value: (name: string) => string; lookups: Record<string, LookupOption[]> }) {
  const { t } = useTranslation();
  const label = t(f.labelKey);
  if (f.filter === 'range') {
    const type = f.type === 'date' || f.type === 'datetime' ? 'date' : 'number';
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <TextField name={`${f.name}From`} type={type} label={label} defaultValue={value(`${f.name}From`)} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 160 }} />
        <span>–</span>
        <TextField name={`${f.name}To`} type={type} defaultValue={value(`${f.name}To`)} sx={{ width: 160 }} aria-label={`${label} ${t('core:resource.to')}`} />
      </Stack>
    );
  }
  const options =
    f.type === 'enum'
      ? (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }))
      : f.type === 'boolean'
        ? [
            { value: '1', label: t('core:common.yes') },
            { value: '0', label: t('core:common.no') },
          ]
        : f.lookup
          ? (lookups[f.lookup] ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o.label) }))
          : null;
  if (options) {
    return (
      <TextField name={f.name} select label={label} defaultValue={value(f.name)} sx={{ minWidth: 160 }} data-testid={`filter-${f.name}`}>
        <MenuItem value="">{t('core:resource.all')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField name={f.name} label={label} defaultValue={value(f.name)} sx={{ width: 180 }} slotProps={{ htmlInput: { 'data-testid': `filter-${f.name}` } }} />;
}

/** The dialog of a transition that takes a note (review opinion, rejection reason). */
/**
 * The dialog of a transition that takes a note (review opinion, reason) and/or an amount
 * (a partial refund; pre-filled with `initialAmount`, the row's full amount).
 */
export function TransitionNoteDialog({
  transition,
  initialAmount,
  onCancel,
  onSubmit,
}: {
  transition: Transition;
  initialAmount?: string | null;
  onCancel(): void;
  onSubmit(note: string, amount?: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState(initialAmount ?? '');
  const [error, setError] = useState('');
  const [amountError, setAmountError] = useState('');
  const spec = transition.note;
  const amountSpec = transition.amount;
  const label = spec ? t(spec.labelKey) : '';
  const go = async () => {
    const v = note.trim();
    if (spec?.required && !v) return setError(t('core:resource.required', { field: label }));
    if (spec && v.length > spec.maxLength) return setError(t('core:resource.tooLong', { field: label, max: spec.maxLength }));
    let a: string | null = null;
    if (amountSpec) {
      const parsed = transitionAmountCheck(t, amountSpec).safeParse(amount);
      if (!parsed.success) return setAmountError(parsed.error.issues[0].message);
      a = parsed.data;
    }
    try {
      await onSubmit(v, a ?? undefined);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fieldError = amountSpec ? (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors?.[amountSpec.field] : undefined;
      if (fieldError) setAmountError(fieldError);
      else setError(e.message);
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" data-testid="transition-note-dialog">
      <DialogTitle>{t(transition.labelKey)}</DialogTitle>
      <DialogContent>
        {amountSpec && (
          <TextField
            fullWidth
            sx={{ mt: 1 }}
            label={t(amountSpec.labelKey)}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountError('');
            }}
            error={!!amountError}
            helperText={amountError || ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'transition-amount' } }}
          />
        )}
        {spec && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            sx={{ mt: 1 }}
            label={label}
            required={spec.required}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || `${note.trim().length}/${spec.maxLength}`}
            slotProps={{ htmlInput: { 'data-testid': 'transition-note' } }}
          />
        )}
        {!spec && error && (
          <Typography color="error" variant="body2">
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={() => void go()} data-testid="transition-note-ok">
          {t('core:common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ResourcePage({ def, data, actions, renderCell, renderForm }: ResourcePageProps) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  const [selection, setSelection] = useState<number[]>([]);
  const [formRow, setFormRow] = useState<Row | null | undefined>(undefined);
  const [confirm, setConfirm] = useState<{ text: string; run: () => Promise<void> } | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [noteFor, setNoteFor] = useState<{ name: string; ids: number[]; amount?: string | null } | null>(null);
  const [hidden, setHidden] = useState<string[]>(data.prefs.hidden ?? def.fields.filter((f) => typeof f.list === 'object' && f.list.hidden).map((f) => f.name));
  useEffect(() => setHydrated(true), []);

  const rows = data.result.rows as Row[];
  const selectedRows = rows.filter((r) => selection.includes(r.id));
  const base = endpoint(def);
  const reload = () => revalidator.revalidate();
  const filterFields = def.fields.filter((f) => f.filter);
  const sm = def.stateMachine;
  const value = (name: string) => params.get(name) ?? '';

  // Selections survive paging only as far as the rows are still on screen.
  useEffect(() => {
    setSelection((sel) => sel.filter((id) => rows.some((r) => r.id === id)));
  }, [rows]);

  const go = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    submit(next, { method: 'get', replace: true, preventScrollReset: true });
  };

  const columns: GridColDef[] = useMemo(
    () =>
      def.fields.filter(listed).map((f) => ({
        field: f.name,
        headerName: t(f.labelKey),
        sortable: !!f.sortable,
        minWidth: 90,
        flex: typeof f.list === 'object' && f.list.width ? undefined : 1,
        width: typeof f.list === 'object' ? f.list.width : undefined,
        type: f.type === 'integer' || f.type === 'number' ? 'number' : 'string',
        renderCell: (p) => {
          const custom = renderCell?.[f.name];
          if (custom) return custom(p.row as Row);
          const text = displayValue(f, p.value, t, data.lookups);
          if (sm && f.name === sm.field) return <Chip size="small" label={text} variant="outlined" />;
          return text;
        },
      })),
    [def, t, data.lookups, renderCell, sm],
  );

  const visibility: GridColumnVisibilityModel = Object.fromEntries(hidden.map((h) => [h, false]));
  const savePrefs = (next: { pageSize?: number; hidden?: string[] }) => {
    api.post('/core/prefs', { key: `grid:${resourceKey(def)}`, value: { pageSize: data.query.pageSize, hidden, ...next } }, { silent: true }).catch(() => {});
  };

  const needOne = (): Row | null => {
    if (selectedRows.length !== 1) {
      toast(t('core:common.selectFirst'), { severity: 'warning' });
      return null;
    }
    return selectedRows[0];
  };
  const needSome = (): Row[] | null => {
    if (!selectedRows.length) {
      toast(t('core:common.selectFirst'), { severity: 'warning' });
      return null;
    }
    return selectedRows;
  };

  const onEdit = () => {
    const row = needOne();
    if (!row) return;
    if (sm?.editableIn && !sm.editableIn.includes(String(row[sm.field]))) {
      toast(t(sm.editRefusedKey ?? 'core:resource.notEditable'), { severity: 'warning' });
      return;
    }
    setFormRow(row);
  };

  const onDelete = () => {
    const sel = needSome();
    if (!sel) return;
    if (sm?.deletableIn && sel.some((r) => !sm.deletableIn!.includes(String(r[sm.field])))) {
      toast(t(sm.deleteRefusedKey ?? 'core:resource.notDeletable'), { severity: 'warning' });
      return;
    }
    setConfirm({
      text: t('core:resource.confirmDelete', { count: sel.length }),
      run: async () => {
        const res = await api.del(base, { ids: sel.map((r) => r.id) });
        toast(res.msg, { severity: 'success' });
        setSelection([]);
        reload();
      },
    });
  };

  const onTransition = (name: string) => {
    const tr = sm?.transitions.find((x) => x.name === name);
    const sel = needSome();
    if (!tr || !sel) return;
    if (sel.some((r) => !tr.from.includes(String(r[sm!.field])))) {
      toast(t(tr.refusedKey), { severity: 'warning' });
      return;
    }
    if (tr.note || tr.amount) {
      const amount = tr.amount && sel.length === 1 ? sel[0][tr.amount.defaultFrom] : null;
      setNoteFor({ name, ids: sel.map((r) => r.id), amount: amount === null || amount === undefined ? null : String(amount) });
      return;
    }
    setConfirm({
      text: t(tr.confirmKey ?? 'core:resource.confirmTransition', { action: t(tr.labelKey), count: sel.length }),
      run: async () => {
        const res = await api.post(`${base}/transition/${name}`, { ids: sel.map((r) => r.id) });
        toast(res.msg, { severity: 'success' });
        reload();
      },
    });
  };

  const exportHref = (format: 'csv' | 'xlsx') => {
    const q = new URLSearchParams(params);
    q.delete('page');
    q.set('format', format);
    return `/api${base}/export?${q.toString()}`;
  };

  const sortModel: GridSortModel = data.query.sort ? [{ field: data.query.sort.field, sort: data.query.sort.dir }] : [];
  const total = data.result.total ?? rows.length;

  return (
    <Paper sx={{ p: 2 }} data-testid={`resource-${def.name}`}>
      {filterFields.length > 0 && (
        <Form method="get" replace preventScrollReset key={params.toString()}>
          <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {filterFields.map((f) => (
              <FilterField key={f.name} f={f} value={value} lookups={data.lookups} />
            ))}
            {params.get('pageSize') && <input type="hidden" name="pageSize" value={params.get('pageSize')!} />}
            {params.get('tab') && <input type="hidden" name="tab" value={params.get('tab')!} />}
            <Button type="submit" variant="contained" data-testid="query-submit">
              {t('core:common.query')}
            </Button>
            <Button onClick={() => submit(new URLSearchParams(params.get('tab') ? { tab: params.get('tab')! } : {}), { method: 'get', replace: true })} data-testid="query-reset">
              {t('core:common.reset')}
            </Button>
          </Stack>
        </Form>
      )}
      <Stack direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
        {data.can.create && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setFormRow(null)} data-testid="toolbar-add">
            {t('core:resource.add')}
          </Button>
        )}
        {data.can.update && (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit} data-testid="toolbar-edit">
            {t('core:resource.edit')}
          </Button>
        )}
        {data.can.delete && (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete} data-testid="toolbar-delete">
            {t('core:resource.delete')}
          </Button>
        )}
        {sm?.transitions
          .filter((tr) => data.can.transitions.includes(tr.name))
          .map((tr) => (
            <Button key={tr.name} variant="outlined" onClick={() => onTransition(tr.name)} data-testid={`toolbar-${tr.name}`}>
              {t(tr.labelKey)}
            </Button>
          ))}
        {actions?.(selectedRows, reload)}
        <Box sx={{ flexGrow: 1 }} />
        {data.can.import && (
          <Button startIcon={<UploadIcon />} onClick={() => setImportOpen(true)} data-testid="toolbar-import">
            {t('core:resource.import')}
          </Button>
        )}
        {data.can.export && (
          <>
            <Button startIcon={<DownloadIcon />} onClick={(e) => setExportAnchor(e.currentTarget)} data-testid="toolbar-export">
              {t('core:resource.export')}
            </Button>
            <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
              <MenuItem component="a" href={exportHref('xlsx')} onClick={() => setExportAnchor(null)} data-testid="export-xlsx">
                Excel (.xlsx)
              </MenuItem>
              <MenuItem component="a" href={exportHref('csv')} onClick={() => setExportAnchor(null)} data-testid="export-csv">
                CSV (.csv)
              </MenuItem>
            </Menu>
          </>
        )}
      </Stack>
      {hydrated ? (
        <Box data-testid="resource-grid">
        <DataGrid
          rows={rows}
          columns={columns}
          rowCount={total}
          loading={navigation.state === 'loading' || revalidator.state === 'loading'}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={{ page: data.query.page - 1, pageSize: data.query.pageSize }}
          onPaginationModelChange={(m) => {
            if (m.pageSize !== data.query.pageSize) {
              savePrefs({ pageSize: m.pageSize });
              go({ pageSize: m.pageSize, page: null, after: null, before: null });
              return;
            }
            // Next/previous page in the default order walk by id (keyset) instead of OFFSET,
            // so paging deep into a large table stays fast.
            const page = m.page + 1;
            const keyset = !data.query.sort || data.query.sort.field === 'id';
            const last = rows[rows.length - 1];
            const first = rows[0];
            if (keyset && page === data.query.page + 1 && last) go({ page, after: last.id, before: null });
            else if (keyset && page === data.query.page - 1 && first && page > 1) go({ page, before: first.id, after: null });
            else go({ page, after: null, before: null });
          }}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModel}
          onSortModelChange={(m) => go({ sort: m[0] ? `${m[0].field}:${m[0].sort}` : null, page: null, after: null, before: null })}
          checkboxSelection
          disableRowSelectionOnClick={false}
          rowSelectionModel={{ type: 'include', ids: new Set(selection) } as GridRowSelectionModel}
          onRowSelectionModelChange={(m) => {
            const model = m as unknown as { type?: string; ids?: Set<number> } | number[];
            if (Array.isArray(model)) setSelection(model.map(Number));
            else if (model.type === 'exclude') setSelection(rows.map((r) => r.id).filter((id) => !model.ids?.has(id)));
            else setSelection([...(model.ids ?? [])].map(Number));
          }}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={(m) => {
            const next = Object.entries(m)
              .filter(([, v]) => !v)
              .map(([k]) => k);
            setHidden(next);
            savePrefs({ hidden: next });
          }}
          autoHeight
          density="compact"
        />
        </Box>
      ) : (
        // The grid renders nothing on the server: the first paint is a plain table of the same rows.
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.field}>{c.headerName}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                {def.fields.filter(listed).map((f) => (
                  <TableCell key={f.name}>{displayValue(f, r[f.name], t, data.lookups)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {formRow !== undefined &&
        (renderForm ? (
          renderForm({ open: true, row: formRow, onClose: () => setFormRow(undefined), onSaved: reload })
        ) : (
          <ResourceFormDialog def={def} row={formRow} lookups={data.lookups} onClose={() => setFormRow(undefined)} onSaved={reload} />
        ))}
      <ConfirmDialog
        open={!!confirm}
        text={confirm?.text ?? ''}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          const c = confirm;
          setConfirm(null);
          try {
            await c?.run();
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
          }
        }}
      />
      {noteFor && sm && (
        <TransitionNoteDialog
          transition={sm.transitions.find((x) => x.name === noteFor.name)!}
          initialAmount={noteFor.amount}
          onCancel={() => setNoteFor(null)}
          onSubmit={async (note, amount) => {
            const res = await api.post(`${base}/transition/${noteFor.name}`, { ids: noteFor.ids, note, amount });
            toast(res.msg, { severity: 'success' });
            setNoteFor(null);
            reload();
          }}
        />
      )}
      {importOpen && <ImportDialog def={def} onClose={() => setImportOpen(false)} onDone={reload} />}
    </Paper>
  );
}
