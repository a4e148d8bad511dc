// The user's own enterprise as a full-page form: account and audit status, identity, address
// (country → province → city → district), people, bank accounts (China and Myanmar) and
// qualification files. Checked in the browser with the server's schema; saved through
// /api/customs/enterprise; "submit for review" saves first, then submits.
import { useMemo, useState, type ReactNode } from 'react';
import { useRevalidator } from '@remix-run/react';
import { Alert, Autocomplete, Box, Button, Grid, IconButton, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { ApiError, ConfirmDialog, FileLink, FileUpload, displayValue, optionLabel, toPayload, useNotify } from '@core/client';
import { endpoint, type FieldDef, type LookupOption } from '@core/shared';
import { BANK_COUNTRIES, ENTERPRISE_AUDIT, ENTERPRISE_UPLOAD_TYPES, enterpriseDef, FILE_TYPES } from '../enterprise';
import { AuditChip } from './AuditChip';
import { SECTIONS, type BankRow, type FileRow } from './EnterpriseDetail';

const K = 'customs:enterprise';
type Row = Record<string, unknown>;
type Errors = Record<string, string>;

export interface EnterpriseFormProps {
  row: Row | null;
  account: { username: string; userType: number };
  can: { create: boolean; update: boolean; transitions: string[] };
  lookups: Record<string, LookupOption[]>;
}

const FIELD = new Map(enterpriseDef.fields.map((f) => [f.name, f]));
const FORM_FIELDS = SECTIONS.flatMap((s) => s.fields);
/** Each region picker offers the children of the level above (provinces have no parent). */
const PARENT: Record<string, string | null> = { provinceCode: null, cityCode: 'provinceCode', districtCode: 'cityCode' };
const CHILD: Record<string, string> = { countryCode: 'provinceCode', provinceCode: 'cityCode', cityCode: 'districtCode' };
const EMPTY_BANK: BankRow = { bankCountry: 'CN', bankName: '', accountName: '', accountNo: '', swift: '' };

function initialValues(row: Row | null): Record<string, string> {
  const v: Record<string, string> = {};
  for (const name of FORM_FIELDS) v[name] = row?.[name] === null || row?.[name] === undefined ? '' : String(row[name]);
  if (!row) Object.assign(v, { countryCode: 'CN', legalIdType: 'prcId', handlerIdType: 'prcId' });
  return v;
}

/** Zod issues keyed by their full path (`banks.0.bankName`); the first per key wins. */
function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): Errors {
  const out: Errors = {};
  for (const i of error.issues) {
    const key = i.path.map(String).join('.') || '_';
    out[key] ||= i.message;
    const top = String(i.path[0] ?? '_');
    out[top] ||= i.message;
  }
  return out;
}

export function EnterpriseForm({ row: loaded, account, can, lookups }: EnterpriseFormProps) {
  // The row just saved stands in for the loaded one until the page data catches up, so
  // "save and submit" right after a first save updates the new row instead of creating again.
  const [saved, setSaved] = useState<Row | null>(null);
  const row = saved && (!loaded || Number(saved.version) > Number(loaded.version)) ? saved : loaded;
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const [values, setValues] = useState(() => initialValues(row));
  const [banks, setBanks] = useState<BankRow[]>(() => ((row?.banks as BankRow[] | undefined) ?? [EMPTY_BANK]).map((b) => ({ ...b, swift: b.swift ?? '' })));
  const [files, setFiles] = useState<FileRow[]>(() => (row?.files as FileRow[] | undefined) ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirmSubmit, setConfirmSubmit] = useState(false);

  // Fields the schema refuses when absent get the required mark.
  const requiredFields = useMemo(() => {
    const shape = enterpriseDef.schema(t, 'create').shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    return new Set(Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success));
  }, [t]);

  const status = String(row?.auditStatus ?? ENTERPRISE_AUDIT.notSubmitted);
  const underReview = status === ENTERPRISE_AUDIT.submitted;
  const mayWrite = row ? can.update : can.create;
  const readOnly = underReview || !mayWrite;
  const maySubmit = !readOnly && can.transitions.includes('submit');

  const set = (name: string, v: string) => {
    const cleared: Record<string, string> = {};
    for (let child = CHILD[name]; child; child = CHILD[child]) cleared[child] = '';
    setValues((old) => ({ ...old, [name]: v, ...cleared }));
    setErrors((old) => ({ ...old, [name]: '' }));
  };

  const payload = () => ({
    ...toPayload(enterpriseDef, values, row ? 'update' : 'create'),
    banks: banks.map((b) => ({ ...b, bankName: b.bankName.trim(), accountName: b.accountName.trim(), accountNo: b.accountNo.trim(), swift: b.swift?.trim() || null })),
    files: files.map((f) => ({ name: f.name.trim(), fileType: f.fileType, fileId: f.fileId })),
  });

  /** Checks and saves; the saved row, or null when something is wrong (shown on the fields). */
  const save = async (): Promise<Row | null> => {
    const body = payload();
    const parsed = enterpriseDef.schema(t, row ? 'update' : 'create').safeParse(body);
    if (!parsed.success) {
      const errs = issuesOf(parsed.error);
      setErrors(errs);
      toast(t(`${K}.ui.fixErrors`), { severity: 'warning' });
      return null;
    }
    try {
      const res = row ? await api.put<Row>(`${endpoint(enterpriseDef)}/${row.id}`, { ...body, version: row.version }) : await api.post<Row>(endpoint(enterpriseDef), body);
      if (res.data) setSaved(res.data);
      return res.data ?? null;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors((e.envelope?.data as { fieldErrors?: Errors } | undefined)?.fieldErrors ?? {});
      return null;
    }
  };

  const onSave = async () => {
    setBusy(true);
    try {
      if (await save()) {
        toast(t('core:resource.updated'), { severity: 'success' });
        revalidator.revalidate();
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async () => {
    setConfirmSubmit(false);
    setBusy(true);
    try {
      const saved = await save();
      if (!saved) return;
      try {
        const res = await api.post(`${endpoint(enterpriseDef)}/transition/submit`, { ids: [saved.id] });
        toast(res.msg, { severity: 'success' });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  const err = (key: string) => errors[key] ?? '';

  const options = (f: FieldDef): { value: string; label: string }[] => {
    if (f.type === 'enum') return (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));
    const all = lookups[f.lookup!] ?? [];
    const parentField = PARENT[f.name];
    const narrowed = parentField === undefined ? all : all.filter((o) => (parentField === null ? !o.parent : o.parent === values[parentField]));
    return narrowed.map((o) => ({ value: o.value, label: optionLabel(t, o.label) }));
  };

  const input = (name: string) => {
    const f = FIELD.get(name)!;
    const label = t(f.labelKey);
    const common = { label, required: requiredFields.has(name), fullWidth: true, size: 'small' as const, error: !!err(name), helperText: err(name) || ' ', disabled: readOnly };
    const regionLocked = name in PARENT && (values.countryCode !== 'CN' || (PARENT[name] !== null && !values[PARENT[name]!]));
    if (f.type === 'ref') {
      const opts = options(f);
      const value = opts.find((o) => o.value === values[name]) ?? null;
      return (
        <Autocomplete
          options={opts}
          value={value}
          disabled={readOnly || regionLocked}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          onChange={(_e, o) => set(name, o?.value ?? '')}
          renderInput={(p) => <TextField {...p} {...common} disabled={readOnly || regionLocked} name={name} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': `ent-${name}` } }} />}
        />
      );
    }
    if (f.type === 'enum') {
      return (
        <TextField {...common} select value={values[name]} onChange={(e) => set(name, e.target.value)} name={name} slotProps={{ htmlInput: { 'data-testid': `ent-${name}` } }}>
          <MenuItem value="">—</MenuItem>
          {options(f).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        {...common}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        name={name}
        multiline={f.type === 'text'}
        minRows={f.type === 'text' ? 2 : undefined}
        type={f.type === 'number' ? 'number' : 'text'}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': `ent-${name}` } }}
      />
    );
  };

  const section = (title: string, children: ReactNode, testId?: string) => (
    <Box sx={{ mb: 3 }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, borderBottom: 1, borderColor: 'divider', mb: 2, pb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );

  const setBank = (i: number, key: keyof BankRow, v: string) => {
    setBanks((list) => list.map((b, j) => (j === i ? { ...b, [key]: v } : b)));
    setErrors((old) => ({ ...old, [`banks.${i}.${key}`]: '', banks: '' }));
  };
  const setFile = (i: number, patch: Partial<FileRow>) => {
    setFiles((list) => list.map((f, j) => (j === i ? { ...f, ...patch } : f)));
    setErrors((old) => ({ ...old, ...Object.fromEntries(Object.keys(patch).map((k) => [`files.${i}.${k}`, ''])), files: '' }));
  };
  const cellError = (key: string) => ({ error: !!err(key), helperText: err(key) || undefined });

  const opinion = row?.auditOpinion ? String(row.auditOpinion) : '';

  return (
    <Paper sx={{ p: 3 }} data-testid="enterprise-form">
      {section(
        t(`${K}.ui.sectionAccount`),
        <>
          <Grid container spacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`${K}.loginAccount`)}
              </Typography>
              <Typography data-testid="ent-loginAccount">{account.username}</Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`${K}.accountType`)}
              </Typography>
              <Typography>{displayValue(FIELD.get('accountType')!, row?.accountType ?? account.userType, t, lookups)}</Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`${K}.auditStatus`)}
              </Typography>
              <AuditChip status={status} />
            </Grid>
          </Grid>
          <Stack spacing={1} sx={{ mt: 2 }}>
            {!row && <Alert severity="info">{t(`${K}.ui.noEnterprise`)}</Alert>}
            {status === ENTERPRISE_AUDIT.failed && opinion && (
              <Alert severity="error" data-testid="audit-opinion">
                {t(`${K}.ui.failedHint`, { reason: opinion })}
              </Alert>
            )}
            {status === ENTERPRISE_AUDIT.notSubmitted && opinion && <Alert severity="warning">{t(`${K}.ui.lastOpinion`, { reason: opinion })}</Alert>}
            {underReview && <Alert severity="info">{t(`${K}.ui.submittedHint`)}</Alert>}
            {status === ENTERPRISE_AUDIT.approved && <Alert severity="success">{t(`${K}.ui.approvedHint`)}</Alert>}
          </Stack>
        </>,
      )}
      {SECTIONS.map((s) =>
        section(
          t(s.titleKey),
          <Grid container columnSpacing={2}>
            {s.fields.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: name === 'businessScope' || name === 'addressDetail' ? 12 : 6, md: name === 'businessScope' || name === 'addressDetail' ? 12 : 4 }}>
                {input(name)}
              </Grid>
            ))}
          </Grid>,
        ),
      )}
      {section(
        t(`${K}.ui.sectionBanks`),
        <>
          {err('banks') && !Object.keys(errors).some((k) => k.startsWith('banks.') && errors[k]) && (
            <Alert severity="error" sx={{ mb: 1 }} data-testid="banks-error">
              {err('banks')}
            </Alert>
          )}
          <Table size="small">
            <TableHead>
              <TableRow>
                {['country', 'bankName', 'accountName', 'accountNo', 'swift'].map((k) => (
                  <TableCell key={k}>{t(`${K}.bank.${k}`)}</TableCell>
                ))}
                <TableCell width={60} />
              </TableRow>
            </TableHead>
            <TableBody>
              {banks.map((b, i) => (
                <TableRow key={i} data-testid={`bank-row-${i}`}>
                  <TableCell sx={{ minWidth: 110 }}>
                    <TextField select size="small" fullWidth value={b.bankCountry} disabled={readOnly} onChange={(e) => setBank(i, 'bankCountry', e.target.value)} {...cellError(`banks.${i}.bankCountry`)}>
                      {BANK_COUNTRIES.map((c) => (
                        <MenuItem key={c} value={c}>
                          {t(`${K}.bank.countries.${c}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  {(['bankName', 'accountName', 'accountNo', 'swift'] as const).map((k) => (
                    <TableCell key={k}>
                      <TextField
                        size="small"
                        fullWidth
                        value={b[k] ?? ''}
                        disabled={readOnly}
                        onChange={(e) => setBank(i, k, e.target.value)}
                        slotProps={{ htmlInput: { 'data-testid': `bank-${i}-${k}`, 'aria-label': t(`${K}.bank.${k}`) } }}
                        {...cellError(`banks.${i}.${k}`)}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    <IconButton aria-label={t(`${K}.ui.remove`)} disabled={readOnly} onClick={() => setBanks((list) => list.filter((_b, j) => j !== i))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button sx={{ mt: 1 }} size="small" startIcon={<AddIcon />} disabled={readOnly || banks.length >= 10} onClick={() => setBanks((list) => [...list, { ...EMPTY_BANK }])} data-testid="add-bank">
            {t(`${K}.ui.addBank`)}
          </Button>
        </>,
        'section-banks',
      )}
      {section(
        t(`${K}.ui.sectionFiles`),
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`${K}.ui.fileTypesHint`)}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['seq', 'name', 'type', 'file'].map((k) => (
                  <TableCell key={k}>{t(`${K}.file.${k}`)}</TableCell>
                ))}
                <TableCell width={60} />
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((f, i) => (
                <TableRow key={i} data-testid={`file-row-${i}`}>
                  <TableCell width={60}>{i + 1}</TableCell>
                  <TableCell>
                    <TextField size="small" fullWidth value={f.name} disabled={readOnly} onChange={(e) => setFile(i, { name: e.target.value })} slotProps={{ htmlInput: { maxLength: 100, 'aria-label': t(`${K}.file.name`) } }} {...cellError(`files.${i}.name`)} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    <TextField select size="small" fullWidth value={f.fileType} disabled={readOnly} onChange={(e) => setFile(i, { fileType: e.target.value })} {...cellError(`files.${i}.fileType`)}>
                      {FILE_TYPES.map((ft) => (
                        <MenuItem key={ft} value={ft}>
                          {t(`${K}.file.types.${ft}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {f.file ? <FileLink file={f.file} /> : <Typography color={err(`files.${i}.fileId`) ? 'error' : 'text.secondary'} variant="body2">{err(`files.${i}.fileId`) || t(`${K}.ui.noFileYet`)}</Typography>}
                      {!readOnly && (
                        <FileUpload
                          resource="customs.enterprise"
                          types={ENTERPRISE_UPLOAD_TYPES}
                          testId={`file-${i}-upload`}
                          label={t(`${K}.ui.upload`)}
                          onUploaded={(up) => setFile(i, { fileId: up.id, file: { id: up.id, name: up.name }, ...(f.name.trim() ? {} : { name: up.name.replace(/\.[^.]+$/, '').slice(0, 100) }) })}
                        />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <IconButton aria-label={t(`${K}.ui.remove`)} disabled={readOnly} onClick={() => setFiles((list) => list.filter((_f, j) => j !== i))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {!files.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t(`${K}.ui.noFiles`)}
            </Typography>
          )}
          <Button sx={{ mt: 1 }} size="small" startIcon={<AddIcon />} disabled={readOnly || files.length >= 20} onClick={() => setFiles((list) => [...list, { name: '', fileType: 'licence', fileId: null, file: null }])} data-testid="add-file">
            {t(`${K}.ui.addFile`)}
          </Button>
        </>,
        'section-files',
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', pt: 1 }}>
        <Button variant="outlined" startIcon={<SaveIcon />} disabled={readOnly || busy} onClick={() => void onSave()} data-testid="enterprise-save">
          {t(`${K}.ui.save`)}
        </Button>
        <Button variant="contained" startIcon={<SendIcon />} disabled={!maySubmit || busy} onClick={() => setConfirmSubmit(true)} data-testid="enterprise-submit">
          {t(`${K}.ui.submit`)}
        </Button>
      </Stack>
      <ConfirmDialog open={confirmSubmit} text={t(`${K}.ui.confirmSaveSubmit`)} onCancel={() => setConfirmSubmit(false)} onConfirm={() => void onSubmit()} />
    </Paper>
  );
}
