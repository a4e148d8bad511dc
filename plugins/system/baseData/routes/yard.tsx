// /dataBase/systemData/yard: yards of the ports.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { yardDef } from '../resources/port';
import { yardResource } from '../resources/port.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(yardResource, request);

export default function YardsPage() {
  return <ResourcePage def={yardDef} data={useLoaderData<typeof loader>()} />;
}
