// /bankCenter/remittanceReview: the bank's review of remittance applications the platform has
// passed — pass, fail with a reason, and mark settled. Same resource and API as the
// applicant's screen; this page is guarded by the bank center's menu.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/server';
import { ResourcePage } from '@core/client';
import { permitCells } from '../ui/FileSection';
import { bankReviewDef } from '../fx';
import { bankReviewResource } from '../fx.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(bankReviewResource, request);

export default function RemittanceReviewPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ResourcePage
      def={bankReviewDef}
      data={data}
      renderCell={permitCells}
    />
  );
}
