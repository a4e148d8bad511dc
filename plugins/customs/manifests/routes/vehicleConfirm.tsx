// /customsDeclare/vehicleConfirm: cargo vehicle entry and departure confirmations (车辆进出境确认).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { resourcePageData } from '@core/server';
import { REPORT_DOCUMENTS } from '../report';
import { vehicleConfirmResource } from '../report.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(vehicleConfirmResource, request);

export default function VehicleConfirmPage() {
  return <DocumentScreen doc={REPORT_DOCUMENTS.vehicleConfirm} data={useLoaderData<typeof loader>()} />;
}
