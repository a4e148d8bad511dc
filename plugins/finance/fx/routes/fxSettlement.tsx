// /expense/fxSettlement: FX settlement / remittance applications (结汇/汇款申请). Applicants
// fill in the bank form, upload the permit certificate, submit, and correct and resubmit a
// failed application; the platform passes or fails it (with a reason). The server enforces
// the state machine, the permissions and who sees which application.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/server';
import { DocumentEditor, ResourcePage } from '@core/client';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fxApplicationDef, fxApplicationDocument, PERMIT_TYPES, POSTSCRIPT_MAX } from '../fx';
import { fxApplicationResource } from '../fx.server';
import { FileSection, permitCells } from '../ui/FileSection';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(fxApplicationResource, request);


export default function FxSettlementPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ResourcePage
      def={fxApplicationDef}
      data={data}
      renderCell={permitCells}
      renderForm={({ row, onClose, onSaved }) => (
        <DocumentEditor
          doc={fxApplicationDocument}
          row={row}
          lookups={data.lookups}
          onClose={onClose}
          onSaved={onSaved}
          sections={{
            // The postscript's 140-character counter, and the permit certificate (required).
            permit: (ctx) => {
              const n = String(ctx.values.postscript ?? '').length;
              return (
                <>
                  <Typography variant="caption" color={n > POSTSCRIPT_MAX ? 'error' : 'text.secondary'} data-testid="postscript-count">
                    {t('finance:fx.ui.postscriptCount', { n, max: POSTSCRIPT_MAX })}
                  </Typography>
                  <FileSection
                    ctx={ctx}
                    def={fxApplicationDef}
                    types={PERMIT_TYPES}
                    idField="permitFileId"
                    fileField="permitFile"
                    error="permitFileId"
                    clears="permitFileId"
                    labelKey="finance:fx.field.permitFile"
                    uploadKey="finance:fx.ui.uploadPermit"
                    emptyKey="finance:fx.ui.noPermit"
                    required
                    testId="permit"
                  />
                </>
              );
            },
          }}
        />
      )}
    />
  );
}
