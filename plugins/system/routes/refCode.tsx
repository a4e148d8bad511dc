// /dataBase/systemData/refCode: the codes of every type.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { refCodeDef } from '../resources/refCode';
import { refCodeResource } from '../resources/refCode.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(refCodeResource, request);

export default function RefCodePage() {
  return <ResourcePage def={refCodeDef} data={useLoaderData<typeof loader>()} />;
}
