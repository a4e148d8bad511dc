// /customsBase/ciqCode: CIQ codes.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { ciqCodeDef } from '../resources/ciq';
import { ciqCodeResource } from '../resources/ciq.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(ciqCodeResource, request);

export default function CiqCodePage() {
  return <ResourcePage def={ciqCodeDef} data={useLoaderData<typeof loader>()} />;
}
