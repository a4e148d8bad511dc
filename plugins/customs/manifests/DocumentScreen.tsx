// A document's list screen: the resource page (query, add, edit, delete, 申报, export) with the
// document's own editor in place of the generic dialog, and 查看 to open any document, whatever
// its status, with its receipts.
import { useState } from 'react';
import { useRevalidator } from '@remix-run/react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@core/resource/define';
import { useNotify } from '@core/ui/notify';
import { ResourcePage, type ResourcePageProps } from '@core/ui/resource/ResourcePage';
import { k } from './document';
import { ManifestForm } from './ManifestForm';
import { ReportForm } from './ReportForm';

type Row = Record<string, unknown> & { id: number };

export function DocumentScreen({ def, data, kind }: { def: ResourceDef; data: ResourcePageProps['data']; kind: 'manifest' | 'report' }) {
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [viewing, setViewing] = useState<Row | null>(null);
  const Form = kind === 'manifest' ? ManifestForm : ReportForm;
  const revalidator = useRevalidator();
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
        renderForm={({ row, onClose, onSaved }) => <Form def={def} row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />}
      />
      {viewing && <Form def={def} row={viewing} lookups={data.lookups} readOnly onClose={() => setViewing(null)} onSaved={() => revalidator.revalidate()} />}
    </>
  );
}
