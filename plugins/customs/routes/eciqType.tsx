// /customsBase/eciqType: ECIQ basic data types.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { eciqTypeDef } from '../resources/eciq';
import { eciqTypeResource } from '../resources/eciq.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(eciqTypeResource, request);

export default function EciqTypePage() {
  return <ResourcePage def={eciqTypeDef} data={useLoaderData<typeof loader>()} />;
}
