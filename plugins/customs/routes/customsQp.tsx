// /customsBase/customsQp: customs QP codes.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { customsQpDef } from '../resources/customsQp';
import { customsQpResource } from '../resources/customsQp.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(customsQpResource, request);

export default function CustomsQpPage() {
  return <ResourcePage def={customsQpDef} data={useLoaderData<typeof loader>()} />;
}
