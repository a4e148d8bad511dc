// A document's list screen's parts: the document kit's editor in place of the generic dialog, and
// 查看 to open any document, whatever its status, read-only with customs' reason for a refusal
// and its receipts.
import { useRevalidator } from '@remix-run/react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DocumentDef } from '@core/shared';
import { DocumentEditor, useViewAction, type Lookups, type ScreenParts, type ScreenUi, type SectionContext } from '@core/client';
import { ReceiptsTable } from '../receipts/ReceiptsTable';
import { k, RECEIPT_CODES, RECEIPT_MOVES, type DocumentName } from './document';

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

/** The parts of a document's screen (ScreenDef.ui): the editor titled with the document's number and state, 查看. */
export function documentScreen(doc: DocumentDef): ScreenUi {
  return function useDocumentScreen(data: { lookups: Lookups }): ScreenParts {
    const { t } = useTranslation();
    const revalidator = useRevalidator();
    const def = doc.resource;
    const onChanged = () => revalidator.revalidate();
    const sections = { receipts: ({ row }: SectionContext) => <Receipts doc={def.name as DocumentName} row={row} onChanged={onChanged} /> };
    const title = (row: Record<string, unknown>, view: boolean) =>
      `${t(view ? k('action.view') : 'core:resource.editTitle', { name: t(def.titleKey) })} ${String(row.docNo)} · ${t(k(`status.${String(row.status)}`))}`;
    const view = useViewAction({
      labelKey: k('action.view'),
      view: (row, { close }) => <DocumentEditor doc={doc} row={row} lookups={data.lookups} sections={sections} title={title(row, true)} readOnly onClose={close} onSaved={onChanged} />,
    });
    return {
      actions: view.button,
      renderForm: ({ row, onClose, onSaved }) => (
        <DocumentEditor doc={doc} row={row} lookups={data.lookups} sections={sections} title={row ? title(row, false) : undefined} onClose={onClose} onSaved={onSaved} />
      ),
      dialogs: view.dialog,
    };
  };
}
