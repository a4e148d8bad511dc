// The enterprise document (enterprise.ts) on the kit: the owner's page (/enterpriseInfo: save,
// or save and submit for review) and the reviewers' read-only view (/enterpriseManage). Drawn
// here: the account section (who registered it, the review's state and opinion) and a
// qualification file's upload.
import { useState, type ReactNode } from 'react';
import { useRevalidator } from '@remix-run/react';
import { Alert, Button, Grid, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { ApiError, ConfirmDialog, DocumentEditor, FileLink, FileUpload, displayValue, useNotify, type CellContext, type Lookups, type SectionContext } from '@core/client';
import { endpoint } from '@core/shared';
import { ENTERPRISE_AUDIT, ENTERPRISE_UPLOAD_TYPES, enterpriseDef, enterpriseDocument } from '../enterprise';
import { AuditChip } from './AuditChip';

const K = 'customs:enterprise';
type Row = Record<string, unknown>;

const ACCOUNT_TYPE = enterpriseDef.fields.find((f) => f.name === 'accountType')!;

function Caption({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {children}
    </Grid>
  );
}

/** Who registered the enterprise and where its review stands; the owner also reads what to do next. */
function Account({ row, lookups, account }: { row: Row | null; lookups: Lookups; account?: { username: string; userType: number } }) {
  const { t } = useTranslation();
  const status = String(row?.auditStatus ?? ENTERPRISE_AUDIT.notSubmitted);
  const opinion = row?.auditOpinion ? String(row.auditOpinion) : '';
  return (
    <>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Caption label={t(`${K}.loginAccount`)}>
          <Typography data-testid="ent-loginAccount">{String(row?.loginAccount ?? account?.username ?? '')}</Typography>
        </Caption>
        <Caption label={t(`${K}.accountType`)}>
          <Typography>{displayValue(ACCOUNT_TYPE, row?.accountType ?? account?.userType, t, lookups)}</Typography>
        </Caption>
      </Grid>
      <Stack spacing={1} sx={{ my: 2 }}>
        {!row && <Alert severity="info">{t(`${K}.ui.noEnterprise`)}</Alert>}
        {status === ENTERPRISE_AUDIT.failed && opinion && (
          <Alert severity="error" data-testid="audit-opinion">
            {t(`${K}.ui.failedHint`, { reason: opinion })}
          </Alert>
        )}
        {status === ENTERPRISE_AUDIT.notSubmitted && opinion && <Alert severity="warning">{t(`${K}.ui.lastOpinion`, { reason: opinion })}</Alert>}
        {account && status === ENTERPRISE_AUDIT.submitted && <Alert severity="info">{t(`${K}.ui.submittedHint`)}</Alert>}
        {account && status === ENTERPRISE_AUDIT.approved && <Alert severity="success">{t(`${K}.ui.approvedHint`)}</Alert>}
      </Stack>
    </>
  );
}

/** A qualification file: its link, and the upload (which names the line after the file when it has no name yet). */
function FileCell({ line, index, patch, readOnly }: CellContext) {
  const { t } = useTranslation();
  const file = line.file as { id: number; name: string } | null | undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {file ? (
        <FileLink file={file} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t(`${K}.ui.noFileYet`)}
        </Typography>
      )}
      {!readOnly && (
        <FileUpload
          resource="customs.enterprise"
          types={ENTERPRISE_UPLOAD_TYPES}
          testId={`file-${index}-upload`}
          label={t(`${K}.ui.upload`)}
          onUploaded={(up) => patch({ fileId: String(up.id), file: { id: up.id, name: up.name }, ...(String(line.name ?? '').trim() ? {} : { name: up.name.replace(/\.[^.]+$/, '').slice(0, 100) }) })}
        />
      )}
    </Stack>
  );
}

const cells = { 'files.fileId': (ctx: CellContext) => <FileCell {...ctx} /> };
const badges = (row: Row | null) => <AuditChip status={String(row?.auditStatus ?? ENTERPRISE_AUDIT.notSubmitted)} />;

export interface EnterpriseFormProps {
  row: Row | null;
  account: { username: string; userType: number };
  can: { create: boolean; update: boolean; transitions: string[] };
  lookups: Lookups;
}

/** The signed-in user's own enterprise, the page itself: read-only while under review or without the permission. */
export function EnterpriseForm({ row, account, can, lookups }: EnterpriseFormProps) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const readOnly = String(row?.auditStatus) === ENTERPRISE_AUDIT.submitted || !(row ? can.update : can.create);
  const sections = { account: (ctx: SectionContext) => <Account row={ctx.row} lookups={lookups} account={account} /> };

  // 提交审核 saves first (its checks and toasts), then submits the saved row; the page shows the new state.
  const saveAndSubmit = async (save: (opts: { quiet: boolean }) => Promise<Row | null>) => {
    setConfirming(false);
    const saved = await save({ quiet: true });
    if (!saved) return;
    try {
      toast((await api.post(`${endpoint(enterpriseDef)}/transition/submit`, { ids: [saved.id] })).msg, { severity: 'success' });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
    revalidator.revalidate();
  };

  return (
    <DocumentEditor
      doc={enterpriseDocument}
      row={row}
      lookups={lookups}
      frame="page"
      readOnly={readOnly}
      title={t(`${K}.menu.enterpriseInfo`)}
      sections={sections}
      cells={cells}
      badges={badges}
      save={{ labelKey: `${K}.ui.save`, testId: 'enterprise-save', variant: 'outlined', messageKey: 'core:resource.updated', invalidKey: `${K}.ui.fixErrors` }}
      onSaved={() => revalidator.revalidate()}
      actions={({ save, saving }) => (
        <>
          <Button variant="contained" startIcon={<SendIcon />} disabled={readOnly || saving || !can.transitions.includes('submit')} onClick={() => setConfirming(true)} data-testid="enterprise-submit">
            {t(`${K}.ui.submit`)}
          </Button>
          <ConfirmDialog open={confirming} text={t(`${K}.ui.confirmSaveSubmit`)} onCancel={() => setConfirming(false)} onConfirm={() => void saveAndSubmit(save)} />
        </>
      )}
    />
  );
}

/** A reviewer's read-only view of any enterprise. */
export function EnterpriseView({ row, lookups, onClose }: { row: Row; lookups: Lookups; onClose(): void }) {
  const { t } = useTranslation();
  const sections = { account: (ctx: SectionContext) => <Account row={ctx.row} lookups={lookups} /> };
  return (
    <DocumentEditor
      doc={enterpriseDocument}
      row={row}
      lookups={lookups}
      readOnly
      title={t(`${K}.ui.detailTitle`)}
      sections={sections}
      cells={cells}
      badges={badges}
      onClose={onClose}
      onSaved={onClose}
    />
  );
}
