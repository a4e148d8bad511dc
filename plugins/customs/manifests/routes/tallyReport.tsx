// /customsDeclare/tallyReport: export tally reports (出口理货报告).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { documentPageData } from '../page.server';
import { tallyReportDef } from '../report';
import { tallyReportResource } from '../report.server';

export const loader = ({ request }: LoaderFunctionArgs) => documentPageData(tallyReportResource, request);

export default function TallyReportPage() {
  return <DocumentScreen def={tallyReportDef} data={useLoaderData<typeof loader>()} kind="report" />;
}
