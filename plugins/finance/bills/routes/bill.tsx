// /expense/bill: bill management for the platform and the payee — all their bills, staged
// bills created and edited with lines, push to the payer, receipt confirmation and refund review.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/server';
import { DocumentEditor, ResourcePage } from '@core/client';
import { billDef, billDocument } from '../bill';
import { billResource } from '../bills.server';
import { BillDetailButton } from '../ui/BillDetail';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(billResource, request);

export default function BillPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ResourcePage
      def={billDef}
      data={data}
      actions={(selected) => <BillDetailButton selected={selected} />}
      renderForm={({ row, onClose, onSaved }) => <DocumentEditor doc={billDocument} row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
