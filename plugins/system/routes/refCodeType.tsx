// /dataBase/systemData/refCodeType: code types.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { refCodeTypeDef } from '../resources/refCode';
import { refCodeTypeResource } from '../resources/refCode.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(refCodeTypeResource, request);

export default function RefCodeTypePage() {
  return <ResourcePage def={refCodeTypeDef} data={useLoaderData<typeof loader>()} />;
}
