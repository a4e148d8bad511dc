// /traderCenter/badDebt (坏账): the payer's written-off bills, read-only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { payerBadDebtDef } from '../badDebt';
import { payerBadDebtResource } from '../writeoffs.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(payerBadDebtResource, request);

export default function PayerBadDebtPage() {
  return <ResourcePage def={payerBadDebtDef} data={useLoaderData<typeof loader>()} />;
}
