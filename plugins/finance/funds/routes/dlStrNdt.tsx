// /price/dlStrNdt: the fund sub-ledger (filters by sub-account, customer, date range, direction,
// type) and, on a second tab, the sub-accounts with their balances, where the platform opens
// (initialises) accounts and edits reminder thresholds — where the top-bar fund reminder's
// 查看全部 leads.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resourcePageData } from '@core/server';
import { ResourcePage } from '@core/client';
import { fundLedgerDef, subAccountDef } from '../funds';
import { fundLedgerResource, subAccountResource } from '../funds.server';

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const tab = new URL(request.url).searchParams.get('tab') === 'accounts' ? 'accounts' : 'ledger';
  return { tab, page: await resourcePageData(tab === 'accounts' ? subAccountResource : fundLedgerResource, request) };
};

export default function FundLedgerPage() {
  const { tab, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v) => navigate(v === 'accounts' ? '?tab=accounts' : '?')} sx={{ mb: 2 }}>
        <Tab value="ledger" label={t('finance:funds.ledger.title')} data-testid="tab-ledger" />
        <Tab value="accounts" label={t('finance:funds.subAccount.title')} data-testid="tab-accounts" />
      </Tabs>
      {tab === 'accounts' ? <ResourcePage key="accounts" def={subAccountDef} data={page} /> : <ResourcePage key="ledger" def={fundLedgerDef} data={page} />}
    </Box>
  );
}
