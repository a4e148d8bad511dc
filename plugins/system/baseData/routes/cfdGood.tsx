// /dataBase/systemData/cfdGood: goods names and categories used on waybills.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { goodsDef } from '../resources/goods';
import { goodsResource } from '../resources/goods.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(goodsResource, request);

export default function GoodsPage() {
  return <ResourcePage def={goodsDef} data={useLoaderData<typeof loader>()} />;
}
