// /customsDeclare/tallyReport: export tally reports (出口理货报告).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { resourcePageData } from '@core/server';
import { REPORT_DOCUMENTS } from '../report';
import { tallyReportResource } from '../report.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(tallyReportResource, request);

export default function TallyReportPage() {
  return <DocumentScreen doc={REPORT_DOCUMENTS.tallyReport} data={useLoaderData<typeof loader>()} />;
}
