// /traderCenter/billsPayable (应付账单): the payer's pushed bills — confirm, return, pay from
// funds or offline, request a refund; 查看明细 shows a bill with its fee lines.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/server';
import { ResourcePage } from '@core/client';
import { billPayableDef } from '../bill';
import { billPayableResource } from '../bills.server';
import { BillDetailButton } from '../ui/BillDetail';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(billPayableResource, request);

export default function BillsPayablePage() {
  return <ResourcePage def={billPayableDef} data={useLoaderData<typeof loader>()} actions={(selected) => <BillDetailButton selected={selected} />} />;
}
