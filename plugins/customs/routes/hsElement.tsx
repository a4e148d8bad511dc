// /customsBase/hsElement: declaration elements of each HS code.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { hsElementDef } from '../resources/hs';
import { hsElementResource } from '../resources/hs.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(hsElementResource, request);

export default function HsElementPage() {
  return <ResourcePage def={hsElementDef} data={useLoaderData<typeof loader>()} />;
}
