// A document's list screen: the resource page (query, add, edit, delete, 申报, export) with the
// document kit's editor in place of the generic dialog, and 查看 to open any document, whatever
// its status, read-only with customs' reason for a refusal and its receipts.
import { useState } from 'react';
import { useRevalidator } from '@remix-run/react';
import { Box, Button, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import type { DocumentDef } from '@core/shared';
import { DocumentEditor, ResourcePage, type ResourcePageProps, type SectionContext, useNotify } from '@core/client';
import { ReceiptsTable } from '../receipts/ReceiptsTable';
import { k, RECEIPT_CODES, RECEIPT_MOVES, type DocumentName } from './document';

type Row = Record<string, unknown> & { id: number };

/** A saved document's refusal reason, its receipts, and what each code customs may send does to it. */
function Receipts({ doc, row, onChanged }: { doc: DocumentName; row: SectionContext['row']; onChanged(): void }) {
  const { t } = useTranslation();
  if (!row) return null;
  return (
    <Box sx={{ mt: 2 }}>
      {row.rejectReason ? (
        <Typography color="error" variant="body2" sx={{ mb: 1 }}>
          {t(k('field.rejectReason'))}：{String(row.rejectReason)}
        </Typography>
      ) : null}
      <ReceiptsTable docType={doc} docId={Number(row.id)} statusLabel={(s) => t(k(`status.${s}`))} onChanged={onChanged} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="receipt-codes">
        {t(k('section.receiptCodes'))}: {RECEIPT_CODES[doc].map((c) => `${c} ${t(k(`receiptCode.${c}`))} → ${t(k(`status.${RECEIPT_MOVES[c].to}`))}`).join('；')}
      </Typography>
    </Box>
  );
}

export function DocumentScreen({ doc, data }: { doc: DocumentDef; data: ResourcePageProps['data'] }) {
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [viewing, setViewing] = useState<Row | null>(null);
  const revalidator = useRevalidator();
  const def = doc.resource;
  const onChanged = () => revalidator.revalidate();
  const sections = { receipts: ({ row }: SectionContext) => <Receipts doc={def.name as DocumentName} row={row} onChanged={onChanged} /> };
  const title = (row: Row, view: boolean) => `${t(view ? k('action.view') : 'core:resource.editTitle', { name: t(def.titleKey) })} ${String(row.docNo)} · ${t(k(`status.${String(row.status)}`))}`;
  return (
    <>
      <ResourcePage
        def={def}
        data={data}
        actions={(selected) => (
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            data-testid="toolbar-view"
            onClick={() => (selected.length === 1 ? setViewing(selected[0]) : toast(t('core:common.selectFirst'), { severity: 'warning' }))}
          >
            {t(k('action.view'))}
          </Button>
        )}
        renderForm={({ row, onClose, onSaved }) => (
          <DocumentEditor doc={doc} row={row} lookups={data.lookups} sections={sections} title={row ? title(row as Row, false) : undefined} onClose={onClose} onSaved={onSaved} />
        )}
      />
      {viewing && <DocumentEditor doc={doc} row={viewing} lookups={data.lookups} sections={sections} title={title(viewing, true)} readOnly onClose={() => setViewing(null)} onSaved={onChanged} />}
    </>
  );
}
