// The declaration editor: the document kit's full-screen editor of the declaration (document.ts)
// with the declaration's own parts: its state and customs' reason by the title, print, export
// and 保存并申报 (save, then the submit transition), the HS declaration elements of a goods
// line, the attachments' upload and file cells, and the receipts of a saved declaration.
import { useState } from 'react';
import { Button, Chip, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { ApiError, ConfirmDialog, DocumentEditor, FieldInput, FileLink, FileUpload, type ActionContext, type CellContext, type SectionContext, type UploadedFile, useNotify } from '@core/client';
import { editableInState, formatDateTime, type LookupOption } from '@core/shared';
import { ReceiptsTable } from '../../receipts/ReceiptsTable';
import { ATTACHMENT_TYPES, declarationDef } from '../declaration';
import { declarationDocument, DOC_TYPE_FIELD } from '../document';
import { HsElements } from './HsElements';

type Row = Record<string, unknown>;
const k = (name: string) => `customs:declarations.${name}`;

function Actions({ ctx, canSubmit, onSaved }: { ctx: ActionContext; canSubmit: boolean; onSaved(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [confirm, setConfirm] = useState(false);
  const saveAndSubmit = async () => {
    setConfirm(false);
    const saved = await ctx.save({ quiet: true });
    if (!saved) return;
    try {
      await api.post('/customs/declaration/transition/submit', { ids: [saved.id] }, { silent: true });
      toast(t(k('msg.submitted')), { severity: 'success' });
      await ctx.reload();
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      toast(e.message, { severity: 'error' });
    }
  };
  const file = (format: 'print' | 'xlsx') => `/api/customs/declaration/${String(ctx.row?.id)}/${format}`;
  return (
    <>
      {ctx.row && (
        <>
          <Button startIcon={<PrintIcon />} href={file('print')} target="_blank" data-testid="editor-print">
            {t(k('action.print'))}
          </Button>
          <Button startIcon={<DownloadIcon />} href={file('xlsx')} data-testid="editor-xlsx">
            {t(k('action.exportXlsx'))}
          </Button>
        </>
      )}
      {!ctx.readOnly && canSubmit && (
        <Button variant="contained" disabled={ctx.saving} onClick={() => setConfirm(true)} data-testid="editor-submit">
          {t(k('action.saveSubmit'))}
        </Button>
      )}
      <ConfirmDialog open={confirm} text={t(k('msg.confirmSaveSubmit'))} onCancel={() => setConfirm(false)} onConfirm={() => void saveAndSubmit()} />
    </>
  );
}

export function DeclarationEditor({
  row,
  lookups,
  canEdit,
  canSubmit,
  onClose,
  onSaved,
}: {
  row: Row | null;
  lookups: Record<string, LookupOption[]>;
  canEdit: boolean;
  canSubmit: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const status = (r: Row | null) => String(r?.status ?? 'draft');
  const sections = {
    hsElements: (ctx: SectionContext) => <HsElements ctx={ctx} />,
    upload: ({ values, set, readOnly }: SectionContext) =>
      !readOnly && (
        <FileUpload
          resource="customs.declaration"
          types={ATTACHMENT_TYPES}
          label={t(k('action.addDoc'))}
          testId="doc-upload"
          onUploaded={(f) => set('documents', [...(values.documents as Row[]), { fileId: String(f.id), docType: '', docNo: '', file: f }])}
        />
      ),
    receipts: ({ row: saved, reload }: SectionContext) =>
      saved && <ReceiptsTable docType="declaration" docId={Number(saved.id)} statusLabel={(s) => t(k(`state.${s}`))} onChanged={() => void reload().then(onSaved)} />,
  };
  const cells = {
    'documents.fileId': ({ line }: CellContext) => {
      const f = line.file as UploadedFile | null;
      if (!f) return String(line.fileId);
      return (
        <>
          <FileLink file={f} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {[f.createdByName, formatDateTime(f.createdAt)].filter(Boolean).join(' · ')}
          </Typography>
        </>
      );
    },
    'documents.docType': ({ line, index, set, error, readOnly }: CellContext) => (
      <FieldInput field={DOC_TYPE_FIELD} value={line.docType} onChange={set} lookups={lookups} error={error} disabled={readOnly} testId={`doc-type-${index}`} cell />
    ),
  };
  return (
    <DocumentEditor
      doc={declarationDocument}
      frame="fullScreen"
      row={row}
      lookups={lookups}
      readOnly={!canEdit}
      title={(r) => `${t(k('title'))} ${String(r?.seqNo ?? '')}`}
      badges={(r) => (
        <>
          <Chip size="small" label={t(k(`state.${status(r)}`))} data-testid="editor-status" />
          {!!r?.rejectReason && <Chip size="small" color="error" label={`${t(k('rejectReason'))}：${String(r.rejectReason)}`} />}
          {r && !editableInState(declarationDef, r) && (
            <Typography variant="body2" color="text.secondary">
              {t(k('msg.readOnly'))}
            </Typography>
          )}
        </>
      )}
      actions={(ctx) => <Actions ctx={ctx} canSubmit={canSubmit} onSaved={onSaved} />}
      save={{ labelKey: k('action.save'), testId: 'editor-save', variant: 'outlined', messageKey: k('msg.saved'), invalidKey: k('msg.fillRequired') }}
      closeTestId="editor-close"
      sections={sections}
      cells={cells}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
