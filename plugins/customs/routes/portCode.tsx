// /customsBase/portCode: port codes.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { portCodeDef } from '../resources/places';
import { portCodeResource } from '../resources/places.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(portCodeResource, request);

export default function PortCodePage() {
  return <ResourcePage def={portCodeDef} data={useLoaderData<typeof loader>()} />;
}
