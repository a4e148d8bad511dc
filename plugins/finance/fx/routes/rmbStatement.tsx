// /expense/rmbStatement: cross-border RMB payment/receipt statements with the customs
// declarations they cover (master-detail form). The SPEC §5 rules run in the form and again
// on the server with the same schema.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourcePageData } from '@core/server';
import { DocumentEditor, ResourcePage, type SectionContext, useNotify } from '@core/client';
import { RMB_UPLOAD_TYPES, rmbStatementDef, rmbStatementDocument } from '../rmb';
import { rmbStatementResource } from '../rmb.server';
import { FileSection } from '../ui/FileSection';

const sections = {
  collectionFile: (ctx: SectionContext) => (
    <FileSection ctx={ctx} def={rmbStatementDef} types={RMB_UPLOAD_TYPES} idField="collectionFileId" fileField="collectionFile" clears="collectionInstruction" labelKey="finance:fx.rmb.collectionFile" testId="collection" />
  ),
};

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(rmbStatementResource, request);

export default function RmbStatementPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [viewing, setViewing] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <ResourcePage
        def={rmbStatementDef}
        data={data}
        actions={(selected) => (
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            data-testid="toolbar-view"
            onClick={() => {
              if (selected.length !== 1) return toast(t('core:common.selectFirst'), { severity: 'warning' });
              setViewing(selected[0]);
            }}
          >
            {t('finance:fx.ui.viewAction')}
          </Button>
        )}
        renderForm={({ row, onClose, onSaved }) => <DocumentEditor doc={rmbStatementDocument} row={row} lookups={data.lookups} sections={sections} onClose={onClose} onSaved={onSaved} />}
      />
      {viewing && (
        <DocumentEditor
          doc={rmbStatementDocument}
          row={viewing}
          lookups={data.lookups}
          sections={sections}
          readOnly
          title={t('finance:fx.ui.view', { name: t(rmbStatementDef.titleKey) })}
          onClose={() => setViewing(null)}
          onSaved={() => {}}
        />
      )}
    </>
  );
}
