// /dataBase/systemData/route: transport routes between ports.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { transportRouteDef } from '../resources/transportRoute';
import { transportRouteResource } from '../resources/transportRoute.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(transportRouteResource, request);

export default function TransportRoutesPage() {
  return <ResourcePage def={transportRouteDef} data={useLoaderData<typeof loader>()} />;
}
