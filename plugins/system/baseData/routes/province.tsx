// /dataBase/systemData/province: provinces, cities and counties (省市区) in one tree.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { regionDef } from '../resources/region';
import { regionResource } from '../resources/region.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(regionResource, request);

export default function RegionsPage() {
  return <ResourcePage def={regionDef} data={useLoaderData<typeof loader>()} />;
}
