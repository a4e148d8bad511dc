// /customsBase/hsCode: HS codes.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { hsCodeDef } from '../resources/hs';
import { hsCodeResource } from '../resources/hs.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(hsCodeResource, request);

export default function HsCodePage() {
  return <ResourcePage def={hsCodeDef} data={useLoaderData<typeof loader>()} />;
}
