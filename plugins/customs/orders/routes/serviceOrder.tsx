// /traderCenter/serviceOrder: service orders. Traders place, submit, cancel and confirm;
// brokers review (with opinion), start work and apply for completion. Buttons come from the
// state machine and the user's permissions; the server enforces both.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { serviceOrderDef } from '../order';
import { serviceOrderResource } from '../order.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(serviceOrderResource, request);

export default function ServiceOrderPage() {
  return <ResourcePage def={serviceOrderDef} data={useLoaderData<typeof loader>()} />;
}
