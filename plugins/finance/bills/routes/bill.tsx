// /expense/bill: bill management for the platform and the payee — all their bills, staged
// bills created and edited with lines, push to the payer, receipt confirmation and refund review.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { billDef } from '../bill';
import { billResource } from '../bills.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(billResource, request);

export default function BillPage() {
  return <ResourcePage def={billDef} data={useLoaderData<typeof loader>()} />;
}
