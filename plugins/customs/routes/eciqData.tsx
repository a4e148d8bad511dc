// /customsBase/eciqData: ECIQ basic data maintenance.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { eciqDataDef } from '../resources/eciq';
import { eciqDataResource } from '../resources/eciq.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(eciqDataResource, request);

export default function EciqDataPage() {
  return <ResourcePage def={eciqDataDef} data={useLoaderData<typeof loader>()} />;
}
