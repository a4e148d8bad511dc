// /expense/writeoff (核销单): verification forms; a bill is verified when its valid forms cover it.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { writeoffDef } from '../writeoff';
import { writeoffResource } from '../writeoffs.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(writeoffResource, request);

export default function WriteoffPage() {
  return <ResourcePage def={writeoffDef} data={useLoaderData<typeof loader>()} />;
}
