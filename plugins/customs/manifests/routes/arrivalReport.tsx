// /customsDeclare/arrivalReport: export arrival reports (出口运抵报告).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { resourcePageData } from '@core/server';
import { REPORT_DOCUMENTS } from '../report';
import { arrivalReportResource } from '../report.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(arrivalReportResource, request);

export default function ArrivalReportPage() {
  return <DocumentScreen doc={REPORT_DOCUMENTS.arrivalReport} data={useLoaderData<typeof loader>()} />;
}
