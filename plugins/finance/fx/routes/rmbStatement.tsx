// /expense/rmbStatement: cross-border RMB payment/receipt statements with the customs
// declarations they cover (master-detail form). The SPEC §5 rules run in the form and again
// on the server with the same schema.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { useNotify } from '@core/ui/notify';
import { rmbStatementDef } from '../rmb';
import { rmbStatementResource } from '../rmb.server';
import { RmbStatementForm } from '../ui/RmbStatementForm';
import { moneyCells } from '../ui/money';

const cells = moneyCells('totalAmount', 'goodsTradeAmount', 'serviceTradeAmount', 'capitalAmount', 'advancePayment', 'contractRatio');

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
        renderCell={cells}
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
        renderForm={({ row, onClose, onSaved }) => <RmbStatementForm row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />}
      />
      {viewing && <RmbStatementForm row={viewing} lookups={data.lookups} readOnly onClose={() => setViewing(null)} onSaved={() => {}} />}
    </>
  );
}
