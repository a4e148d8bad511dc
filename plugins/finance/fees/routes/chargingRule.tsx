// /expense/chargingRule (计费规则): rules per fee item (fixed, per quantity, quantity-tiered,
// time-tiered, negotiated) with effective dates and customer/contract overrides; the form has
// a tier editor (chargingRuleDocument), and 试算 runs the rule engine on an entered quantity and number of days.
import { useState } from 'react';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import { useTranslation } from 'react-i18next';
import { requireUser, resourcePageData } from '@core/server';
import { hasPermission } from '@core/shared';
import { DocumentEditor, ResourcePage } from '@core/client';
import { chargingRuleDef, chargingRuleDocument, FEE_PERMISSIONS } from '../fee';
import { chargingRuleResource } from '../fee.server';
import { TrialDialog } from '../ui/TrialDialog';

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const data = await resourcePageData(chargingRuleResource, request);
  const user = await requireUser(request);
  return { ...data, canTrial: hasPermission(user, FEE_PERMISSIONS.ruleTrial) };
};

export default function ChargingRulePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [trial, setTrial] = useState<{ rule: Record<string, unknown> | null } | null>(null);
  return (
    <>
      <ResourcePage
        def={chargingRuleDef}
        data={data}
        renderForm={({ row, onClose, onSaved }) => <DocumentEditor doc={chargingRuleDocument} row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />}
        actions={(selected) =>
          data.canTrial && (
            <Button startIcon={<CalculateIcon />} onClick={() => setTrial({ rule: selected.length === 1 ? selected[0] : null })} data-testid="toolbar-trial">
              {t('finance:fees.trial.button')}
            </Button>
          )
        }
      />
      {trial && <TrialDialog rule={trial.rule} lookups={data.lookups} onClose={() => setTrial(null)} />}
    </>
  );
}
