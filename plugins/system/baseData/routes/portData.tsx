// /dataBase/systemData/portData: ports and border crossings.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { portDef } from '../resources/port';
import { portResource } from '../resources/port.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(portResource, request);

export default function PortsPage() {
  return <ResourcePage def={portDef} data={useLoaderData<typeof loader>()} />;
}
