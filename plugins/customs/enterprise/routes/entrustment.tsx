// /enterpriseCenter/entrustment: which customs broker acts for which trader. A trader entrusts
// approved brokers and revokes; a broker sees the entrustments naming it; reviewers see all.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { entrustmentDef } from '../entrustment';
import { entrustmentResource } from '../entrustment.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(entrustmentResource, request);

export default function EntrustmentPage() {
  return <ResourcePage def={entrustmentDef} data={useLoaderData<typeof loader>()} />;
}
