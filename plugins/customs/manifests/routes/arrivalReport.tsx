// /customsDeclare/arrivalReport: export arrival reports (出口运抵报告).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { documentPageData } from '../page.server';
import { arrivalReportDef } from '../report';
import { arrivalReportResource } from '../report.server';

export const loader = ({ request }: LoaderFunctionArgs) => documentPageData(arrivalReportResource, request);

export default function ArrivalReportPage() {
  return <DocumentScreen def={arrivalReportDef} data={useLoaderData<typeof loader>()} kind="report" />;
}
