// /customsBase/originArea: origin areas.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { originAreaDef } from '../resources/places';
import { originAreaResource } from '../resources/places.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(originAreaResource, request);

export default function OriginAreaPage() {
  return <ResourcePage def={originAreaDef} data={useLoaderData<typeof loader>()} />;
}
