// /customsDeclare/vehicleConfirm: cargo vehicle entry and departure confirmations (车辆进出境确认).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { documentPageData } from '../page.server';
import { vehicleConfirmDef } from '../report';
import { vehicleConfirmResource } from '../report.server';

export const loader = ({ request }: LoaderFunctionArgs) => documentPageData(vehicleConfirmResource, request);

export default function VehicleConfirmPage() {
  return <DocumentScreen def={vehicleConfirmDef} data={useLoaderData<typeof loader>()} kind="report" />;
}
