// /dataBase/systemData/berth: berths of the sea and river ports.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { berthDef } from '../resources/port';
import { berthResource } from '../resources/port.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(berthResource, request);

export default function BerthsPage() {
  return <ResourcePage def={berthDef} data={useLoaderData<typeof loader>()} />;
}
