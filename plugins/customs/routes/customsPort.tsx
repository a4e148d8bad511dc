// /customsBase/customsPort: customs ports (customs areas).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { customsPortDef } from '../resources/places';
import { customsPortResource } from '../resources/places.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(customsPortResource, request);

export default function CustomsPortPage() {
  return <ResourcePage def={customsPortDef} data={useLoaderData<typeof loader>()} />;
}
