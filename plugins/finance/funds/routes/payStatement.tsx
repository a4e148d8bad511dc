// /price/payStatement: advance receipts. The platform records a customer's incoming advance
// payment; saving it credits the customer's sub-account (an ordinary external transfer).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { advanceReceiptDef } from '../funds';
import { advanceReceiptResource } from '../funds.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(advanceReceiptResource, request);

export default function PayStatementPage() {
  return <ResourcePage def={advanceReceiptDef} data={useLoaderData<typeof loader>()} />;
}
