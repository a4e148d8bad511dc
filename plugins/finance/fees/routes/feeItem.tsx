// /expense/feeItem (收费项目/费率): fee items and rates with billing object, method, standard,
// settlement method and valid flag; who created and last changed each row.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { feeItemDef } from '../fee';
import { feeItemResource } from '../fee.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(feeItemResource, request);

export default function FeeItemPage() {
  return <ResourcePage def={feeItemDef} data={useLoaderData<typeof loader>()} />;
}
