// The list screen every resource gets: query form (查询/重置), toolbar (add, edit, delete,
// transitions, export, import), server-side paged/sorted grid with row selection, and the
// form dialog generated from the same declaration. Writes go through the resource's REST API.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, useNavigation, useRevalidator, useSearchParams, useSubmit } from '@remix-run/react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
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
  Tooltip,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../http/client';
import { formatDateTime } from '../../i18n/dates';
import { DateField } from '../DateField';
import type { LookupOption } from '../../plugin';
import { endpoint, listed, PAGE_SIZES, resourceKey, transitionAmountCheck, type FieldDef, type ResourceDef, type Transition } from '../../resource/define';
import { useNotify } from '../notify';
import { ConfirmDialog } from '../ConfirmDialog';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ImportDialog } from './ImportDialog';
import { useNonce } from '../../auth/nonce';
import { fieldWidth, labelPx } from './labelWidth';
import { MoreMenu, ToolbarButton, type ToolbarAction } from './toolbar';

type Row = Record<string, unknown> & { id: number };

export interface ResourcePageProps {
  def: ResourceDef;
  data: {
    result: { rows: Row[] | Record<string, unknown>[]; total: number | null; page: number; pageSize: number };
    query: { page: number; pageSize: number; sort: { field: string; dir: 'asc' | 'desc' } | null };
    can: { create: boolean; update: boolean; delete: boolean; export: boolean; import: boolean; transitions: string[] };
    prefs: { pageSize?: number; hidden?: string[]; filtersOpen?: boolean };
    lookups: Record<string, LookupOption[]>;
  };
  /** Extra toolbar buttons (given the selected rows). */
  actions?: (selected: Row[], reload: () => void) => ReactNode;
  /** Extra per-row cell renderers by field name. */
  renderCell?: Record<string, (row: Row) => ReactNode>;
  /** Extra buttons in a row's 操作 cell (after 修改/删除), e.g. small IconButtons. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
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
  if (f.type === 'datetime') return formatDateTime(v);
  return String(v);
}

function FilterField({ f, value, lookups }: { f: FieldDef; value: (name: string) => string; lookups: Record<string, LookupOption[]> }) {
  const { t } = useTranslation();
  const label = t(f.labelKey);
  if (f.filter === 'range') {
    const type = f.type === 'date' || f.type === 'datetime' ? 'date' : 'number';
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {/* Dates: YYYY-MM-DD pickers in the interface language; the URL keeps ISO dates. */}
        {type === 'date' ? (
          <DateField name={`${f.name}From`} label={label} defaultValue={value(`${f.name}From`)} size="small" sx={{ width: fieldWidth(label, { min: 180, extra: 72 }) }} testId={`filter-${f.name}From`} />
        ) : (
          <TextField name={`${f.name}From`} type={type} label={label} defaultValue={value(`${f.name}From`)} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 160 }} />
        )}
        <span>–</span>
        {type === 'date' ? (
          <DateField name={`${f.name}To`} defaultValue={value(`${f.name}To`)} size="small" sx={{ width: 180 }} aria-label={`${label} ${t('core:resource.to')}`} testId={`filter-${f.name}To`} />
        ) : (
          <TextField name={`${f.name}To`} type={type} defaultValue={value(`${f.name}To`)} sx={{ width: 160 }} aria-label={`${label} ${t('core:resource.to')}`} />
        )}
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
      <TextField name={f.name} select label={label} defaultValue={value(f.name)} size="small" sx={{ width: fieldWidth(label, { extra: 64 }) }} data-testid={`filter-${f.name}`}>
        <MenuItem value="">{t('core:resource.all')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField name={f.name} label={label} defaultValue={value(f.name)} size="small" sx={{ width: fieldWidth(label, { min: 180 }) }} slotProps={{ htmlInput: { 'data-testid': `filter-${f.name}` } }} />;
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

/** How many transitions the toolbar shows when none is marked `primary` (the rest: 更多). */
const PRIMARY_TRANSITIONS = 3;
const ACTIONS_FIELD = '__actions';

interface EmptyOverlayProps {
  hint: string;
  onReset?: () => void;
  resetLabel: string;
}

/** What an empty list says: what to do first, or that the filters found nothing (with 重置). */
function EmptyOverlay({ hint, onReset, resetLabel }: EmptyOverlayProps) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', gap: 1, p: 2, color: 'text.secondary' }} data-testid="empty-hint">
      <InboxOutlinedIcon color="disabled" />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {hint}
      </Typography>
      {onReset && (
        <Button size="small" onClick={onReset} data-testid="empty-reset">
          {resetLabel}
        </Button>
      )}
    </Stack>
  );
}

interface RowActionState {
  notEditable(r: Row): boolean;
  notDeletable(r: Row): boolean;
  editRefused: string;
  deleteRefused: string;
  deleteRows(rows: Row[]): void;
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  reload(): void;
  can: { update: boolean; delete: boolean };
}

/** One icon of the 操作 cell; disabled, its tooltip says why. */
function RowIcon({ title, why, onClick, testid, color, children }: { title: string; why?: string | null; onClick(): void; testid: string; color?: 'primary' | 'error'; children: ReactNode }) {
  const button = (
    <IconButton
      size="small"
      color={color ?? 'primary'}
      disabled={!!why}
      aria-label={title}
      data-testid={testid}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </IconButton>
  );
  return (
    <Tooltip title={why || title}>
      <span>{button}</span>
    </Tooltip>
  );
}

function RowActionCell({ row, latest, onEdit }: { row: Row; latest: { current: RowActionState }; onEdit(row: Row): void }) {
  const { t } = useTranslation();
  const s = latest.current;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }} data-testid={`row-actions-${row.id}`}>
      {s.can.update && (
        <RowIcon title={t('core:resource.edit')} why={s.notEditable(row) ? s.editRefused : null} onClick={() => onEdit(row)} testid={`row-edit-${row.id}`}>
          <EditIcon fontSize="small" />
        </RowIcon>
      )}
      {s.can.delete && (
        <RowIcon title={t('core:resource.delete')} why={s.notDeletable(row) ? s.deleteRefused : null} onClick={() => s.deleteRows([row])} testid={`row-delete-${row.id}`} color="error">
          <DeleteIcon fontSize="small" />
        </RowIcon>
      )}
      {s.rowActions?.(row, s.reload)}
    </Stack>
  );
}

export function ResourcePage({ def, data, actions, renderCell, renderForm, rowActions }: ResourcePageProps) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  // The grid's own <style> (its CSS variables) needs the page's CSP nonce.
  const nonce = useNonce();
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
  const [filtersOpen, setFiltersOpen] = useState(!!data.prefs.filtersOpen);
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
  const savePrefs = (next: { pageSize?: number; hidden?: string[]; filtersOpen?: boolean }) => {
    api.post('/core/prefs', { key: `grid:${resourceKey(def)}`, value: { pageSize: data.query.pageSize, hidden, filtersOpen, ...next } }, { silent: true }).catch(() => {});
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
    if (sel) deleteRows(sel);
  };
  const deleteRows = (sel: Row[]) => {
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

  // One model object per sort: the grid treats a new sortModel object as a sort change and
  // jumps back to its first page (which sent every later page back to page 1).
  const sortField = data.query.sort?.field;
  const sortDir = data.query.sort?.dir;
  const sortModel: GridSortModel = useMemo(() => (sortField && sortDir ? [{ field: sortField, sort: sortDir }] : []), [sortField, sortDir]);
  const paginationModel = useMemo(() => ({ page: data.query.page - 1, pageSize: data.query.pageSize }), [data.query.page, data.query.pageSize]);
  const total = data.result.total ?? rows.length;

  // The filter bar: collapsed, it shows the first row of fields; the toggle is remembered.
  const filterBox = useRef<HTMLDivElement>(null);
  const [filterRowHeight, setFilterRowHeight] = useState(40);
  const [filtersOverflow, setFiltersOverflow] = useState(filterFields.length > 3);
  const [hiddenActive, setHiddenActive] = useState(0);
  useEffect(() => {
    const box = filterBox.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const items = [...box.children] as HTMLElement[];
      if (!items.length) return;
      const top = items[0].offsetTop;
      const first = items.filter((el) => el.offsetTop <= top + 4);
      const rest = items.filter((el) => el.offsetTop > top + 4);
      setFilterRowHeight(Math.max(...first.map((el) => el.offsetHeight)));
      setFiltersOverflow(rest.length > 0);
      // Filters set but out of sight while collapsed: counted on the toggle.
      setHiddenActive(rest.filter((el) => [...el.querySelectorAll('input')].some((i) => i.name && i.value)).length);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [params, filtersOpen]);
  const toggleFilters = (open: boolean) => {
    setFiltersOpen(open);
    savePrefs({ filtersOpen: open });
  };
  const resetFilters = () => submit(new URLSearchParams(params.get('tab') ? { tab: params.get('tab')! } : {}), { method: 'get', replace: true });
  const filterParams = new Set(filterFields.flatMap((f) => (f.filter === 'range' ? [`${f.name}From`, `${f.name}To`] : [f.name])));
  const filtersActive = [...params.entries()].some(([k, v]) => filterParams.has(k) && v !== '');

  // The toolbar: 新增/修改/删除 and the primary transitions visible, the other transitions in 更多;
  // what the selected rows' state does not allow is disabled, with the catalogue message.
  const stateOf = (r: Row) => String(r[sm!.field]);
  const notEditable = (r: Row) => !!sm?.editableIn && !sm.editableIn.includes(stateOf(r));
  const notDeletable = (r: Row) => !!sm?.deletableIn && !sm.deletableIn.includes(stateOf(r));
  const editRefused = t(sm?.editRefusedKey ?? 'core:resource.notEditable');
  const deleteRefused = t(sm?.deleteRefusedKey ?? 'core:resource.notDeletable');
  const primaryActions: ToolbarAction[] = [];
  if (data.can.create) primaryActions.push({ key: 'add', label: t('core:resource.add'), icon: <AddIcon />, variant: 'contained', onClick: () => setFormRow(null) });
  if (data.can.update)
    primaryActions.push({ key: 'edit', label: t('core:resource.edit'), icon: <EditIcon />, disabledReason: selectedRows.some(notEditable) ? editRefused : null, onClick: onEdit });
  if (data.can.delete)
    primaryActions.push({ key: 'delete', label: t('core:resource.delete'), icon: <DeleteIcon />, color: 'error', disabledReason: selectedRows.some(notDeletable) ? deleteRefused : null, onClick: onDelete });
  const allowed = sm?.transitions.filter((tr) => data.can.transitions.includes(tr.name)) ?? [];
  const marked = allowed.some((tr) => tr.primary);
  const moreActions: ToolbarAction[] = [];
  allowed.forEach((tr, i) => {
    const action: ToolbarAction = {
      key: tr.name,
      label: t(tr.labelKey),
      disabledReason: selectedRows.some((r) => !tr.from.includes(stateOf(r))) ? t(tr.refusedKey) : null,
      onClick: () => onTransition(tr.name),
    };
    if (marked ? tr.primary : i < PRIMARY_TRANSITIONS) primaryActions.push(action);
    else moreActions.push(action);
  });

  // What does not fit on the toolbar's one row moves into 更多 too (from the right, 新增 stays),
  // in any language and at any width.
  const toolbarRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(Number.MAX_SAFE_INTEGER);
  const primaryKey = primaryActions.map((a) => `${a.key}:${a.label}`).join('|');
  const declaredMore = moreActions.length;
  useEffect(() => {
    const bar = toolbarRef.current;
    const probe = probeRef.current;
    if (!bar || !probe || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const gap = 8;
      const widths = ([...probe.children] as HTMLElement[]).map((el) => el.offsetWidth);
      const moreWidth = widths.pop() ?? 0;
      const others = ([...bar.children] as HTMLElement[]).filter((el) => el !== probe && !('primary' in el.dataset) && !('more' in el.dataset) && !('spacer' in el.dataset));
      // (+ the spacer's gap and a little slack for rounding)
      const fixed = others.reduce((sum, el) => sum + el.offsetWidth + gap, gap + 4);
      const used = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w + gap, 0);
      const room = (n: number) => bar.clientWidth - fixed - (n < widths.length || declaredMore > 0 ? moreWidth + gap : 0);
      let n = widths.length;
      while (n > 1 && used(n) > room(n)) n--;
      setFit(n >= widths.length ? Number.MAX_SAFE_INTEGER : n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    observer.observe(probe);
    return () => observer.disconnect();
  }, [primaryKey, declaredMore, hydrated]);

  // The 操作 column: a row's own 修改/删除 (and the screen's extra row actions).
  const latest = useRef({ notEditable, notDeletable, editRefused, deleteRefused, deleteRows, rowActions, reload, can: data.can });
  latest.current = { notEditable, notDeletable, editRefused, deleteRefused, deleteRows, rowActions, reload, can: data.can };
  const rowActionCount = (data.can.update ? 1 : 0) + (data.can.delete ? 1 : 0);
  const gridColumns: GridColDef[] = useMemo(() => {
    if (!rowActionCount && !rowActions) return columns;
    const actionColumn: GridColDef = {
      field: ACTIONS_FIELD,
      headerName: t('core:common.actions'),
      sortable: false,
      filterable: false,
      hideable: false,
      disableColumnMenu: true,
      disableExport: true,
      width: Math.max(labelPx(t('core:common.actions'), 14) + 40, 16 + 36 * (rowActionCount + (rowActions ? 1 : 0))),
      renderCell: (p) => <RowActionCell row={p.row as Row} latest={latest} onEdit={(row) => setFormRow(row)} />,
    };
    return [actionColumn, ...columns];
  }, [columns, rowActionCount, rowActions, t]);

  const emptyHint = filtersActive
    ? t('core:resource.emptyFiltered')
    : def.emptyHintKey
      ? t(def.emptyHintKey)
      : data.can.create
        ? t('core:resource.emptyCreate')
        : t('core:resource.empty');
  const emptyProps: EmptyOverlayProps = { hint: emptyHint, onReset: filtersActive ? resetFilters : undefined, resetLabel: t('core:common.reset') };

  return (
    <Paper sx={{ p: 2 }} data-testid={`resource-${def.name}`}>
      {filterFields.length > 0 && (
        <Form method="get" replace preventScrollReset key={params.toString()}>
          {/* Collapsed, only the first row of filters shows beside the buttons; the rest stay in the
              form (and apply). Expanded, the fields take the whole width (a narrow screen or long
              Burmese labels would otherwise stack them one per row) and the buttons go below. */}
          <Stack direction={filtersOpen ? 'column' : 'row'} sx={{ mb: 1.5, gap: 1, alignItems: filtersOpen ? 'stretch' : 'flex-start' }}>
            <Box
              ref={filterBox}
              data-testid="filter-fields"
              data-collapsed={filtersOpen ? 'false' : 'true'}
              sx={{
                flex: 1,
                minWidth: 0,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                pt: 1,
                ...(filtersOpen ? {} : { maxHeight: filterRowHeight + 8, overflow: 'hidden' }),
              }}
            >
              {filterFields.map((f) => (
                <FilterField key={f.name} f={f} value={value} lookups={data.lookups} />
              ))}
            </Box>
            {params.get('pageSize') && <input type="hidden" name="pageSize" value={params.get('pageSize')!} />}
            {params.get('tab') && <input type="hidden" name="tab" value={params.get('tab')!} />}
            <Stack direction="row" sx={{ gap: 1, pt: filtersOpen ? 0 : 1, flexShrink: 0, alignItems: 'center', alignSelf: filtersOpen ? 'flex-end' : 'auto' }}>
              <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="query-submit" sx={{ whiteSpace: 'nowrap' }}>
                {t('core:common.query')}
              </Button>
              <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={resetFilters} data-testid="query-reset" sx={{ whiteSpace: 'nowrap' }}>
                {t('core:common.reset')}
              </Button>
              {(filtersOverflow || filtersOpen) && (
                <Button
                  onClick={() => toggleFilters(!filtersOpen)}
                  endIcon={filtersOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  data-testid="filters-toggle"
                  aria-expanded={filtersOpen}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {filtersOpen ? t('core:resource.collapseFilters') : hiddenActive ? t('core:resource.expandFiltersActive', { count: hiddenActive }) : t('core:resource.expandFilters')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Form>
      )}
      <Stack ref={toolbarRef} direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center', position: 'relative' }} data-testid="resource-toolbar">
        {/* The primary buttons at their natural width, out of sight: what fits is measured here. */}
        <Box ref={probeRef} aria-hidden data-probe sx={{ position: 'absolute', top: 0, left: 0, visibility: 'hidden', pointerEvents: 'none', display: 'flex', gap: 1 }}>
          {primaryActions.map((a) => (
            <Button key={a.key} tabIndex={-1} variant={a.variant ?? 'outlined'} startIcon={a.icon} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {a.label}
            </Button>
          ))}
          <Button tabIndex={-1} variant="outlined" endIcon={<MoreHorizIcon />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('core:resource.more')}
          </Button>
        </Box>
        <Box data-primary sx={{ display: 'contents' }}>
          {primaryActions.slice(0, fit).map((a) => (
            <ToolbarButton key={a.key} action={a} />
          ))}
        </Box>
        <Box data-more sx={{ display: 'contents' }}>
          <MoreMenu actions={[...primaryActions.slice(fit), ...moreActions]} />
        </Box>
        {actions?.(selectedRows, reload)}
        <Box data-spacer sx={{ flexGrow: 1 }} />
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
          nonce={nonce}
          columns={gridColumns}
          slots={{ noRowsOverlay: EmptyOverlay as never }}
          slotProps={{ noRowsOverlay: emptyProps as never }}
          rowCount={total}
          loading={navigation.state === 'loading' || revalidator.state === 'loading'}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={paginationModel}
          onPaginationModelChange={(m) => {
            if (m.pageSize !== data.query.pageSize) {
              savePrefs({ pageSize: m.pageSize });
              go({ pageSize: m.pageSize, page: null, after: null, before: null });
              return;
            }
            // Next/previous page in the default order walk by id (keyset) instead of OFFSET,
            // so paging deep into a large table stays fast.
            const page = m.page + 1;
            const order = data.query.sort ?? def.defaultSort;
            const keyset = !order || order.field === 'id';
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
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" data-testid="empty-hint">
                  {emptyHint}
                </TableCell>
              </TableRow>
            )}
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
