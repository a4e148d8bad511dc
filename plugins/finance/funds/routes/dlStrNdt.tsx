// /price/dlStrNdt: the fund sub-ledger (filters by sub-account, customer, date range, direction,
// type) and, on a second tab, the sub-accounts with their balances, where the platform opens
// (initialises) accounts and edits reminder thresholds. `?belowThreshold=1` (the top-bar fund
// reminder) opens the list of accounts under their threshold.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useNavigate, useSearchParams } from '@remix-run/react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireUser } from '@core/auth/guard.server';
import { SPEC_BADGE_VISIBILITY } from '@core/badges.server';
import { getKnex } from '@core/db/knex.server';
import { matchesRoleOrPermission } from '@core/rbac/menu';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { FUNDS_PERMISSIONS, fundLedgerDef, subAccountDef } from '../funds';
import { fundLedgerResource, fundReminderPage, subAccountResource } from '../funds.server';

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const tab = url.searchParams.get('tab') === 'accounts' ? 'accounts' : 'ledger';
  const page = await resourcePageData(tab === 'accounts' ? subAccountResource : fundLedgerResource, request);
  let reminder = null;
  if (url.searchParams.get('belowThreshold') === '1') {
    const user = await requireUser(request);
    if (matchesRoleOrPermission(user, SPEC_BADGE_VISIBILITY.fundReminder.roles, [FUNDS_PERMISSIONS.ledgerList])) reminder = await fundReminderPage(getKnex(), user, 1, 100);
  }
  return { tab, page, reminder };
};

export default function FundLedgerPage() {
  const { tab, page, reminder } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const closeReminder = () => {
    const next = new URLSearchParams(params);
    next.delete('belowThreshold');
    navigate(`?${next.toString()}`, { replace: true });
  };
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v) => navigate(v === 'accounts' ? '?tab=accounts' : '?')} sx={{ mb: 2 }}>
        <Tab value="ledger" label={t('finance:funds.ledger.title')} data-testid="tab-ledger" />
        <Tab value="accounts" label={t('finance:funds.subAccount.title')} data-testid="tab-accounts" />
      </Tabs>
      {tab === 'accounts' ? <ResourcePage key="accounts" def={subAccountDef} data={page} /> : <ResourcePage key="ledger" def={fundLedgerDef} data={page} />}
      <Dialog open={!!reminder} onClose={closeReminder} maxWidth="sm" fullWidth data-testid="fund-reminder-dialog">
        <DialogTitle>{t('finance:funds.reminder.title')}</DialogTitle>
        <DialogContent>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('finance:funds.customerName')}</TableCell>
                <TableCell>{t('finance:funds.subAccNo')}</TableCell>
                <TableCell align="right">{t('finance:funds.remainingMoney')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(reminder?.rows ?? []).map((r) => (
                <TableRow key={r.subAccNo}>
                  <TableCell>{r.customerName}</TableCell>
                  <TableCell>{r.subAccNo}</TableCell>
                  <TableCell align="right">{r.remainingMoney}</TableCell>
                </TableRow>
              ))}
              {reminder && reminder.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>{t('finance:funds.reminder.none')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={closeReminder}>{t('finance:funds.reminder.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
