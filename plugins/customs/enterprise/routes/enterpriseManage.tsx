// /enterpriseCenter/enterpriseManage: the platform's list of every enterprise with filters,
// a read-only view, and the review (approve, or fail with a reason). Enterprises are edited
// by their owners only, on /enterpriseCenter/enterpriseInfo.
import { useState } from 'react';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { resourcePageData } from '@core/server';
import { ResourcePage, useNotify } from '@core/client';
import { enterpriseDef } from '../enterprise';
import { enterpriseResource } from '../enterprise.server';
import { AuditChip } from '../ui/AuditChip';
import { EnterpriseView } from '../ui/EnterpriseForm';

export async function loader({ request }: LoaderFunctionArgs) {
  const data = await resourcePageData(enterpriseResource, request);
  return { ...data, can: { ...data.can, create: false, update: false, delete: false } };
}

type Row = Record<string, unknown> & { id: number };

export default function EnterpriseManagePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        def={enterpriseDef}
        data={data}
        renderCell={{ auditStatus: (row) => <AuditChip status={String(row.auditStatus)} /> }}
        actions={(selected) => (
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            data-testid="toolbar-view"
            onClick={() => {
              if (selected.length !== 1) toast(t('core:common.selectFirst'), { severity: 'warning' });
              else setViewing(selected[0]);
            }}
          >
            {t('customs:enterprise.ui.view')}
          </Button>
        )}
      />
      {viewing && <EnterpriseView row={viewing} lookups={data.lookups} onClose={() => setViewing(null)} />}
    </>
  );
}
