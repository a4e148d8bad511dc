// /expense/operationRecord (作业记录): what a customer was charged for (tonnes, days, trucks);
// port operations will fill it, the platform enters records by hand for now. The periodic
// billing job prices the unbilled ones and stamps the bill's serial number on them.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { operationRecordDef } from '../fee';
import { operationRecordResource } from '../fee.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(operationRecordResource, request);

export default function OperationRecordPage() {
  return <ResourcePage def={operationRecordDef} data={useLoaderData<typeof loader>()} />;
}
