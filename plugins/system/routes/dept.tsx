// /management/userGroupManagement/department: the department tree.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { deptDef } from '../resources/dept';
import { deptResource } from '../resources/dept.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(deptResource, request);

export default function DeptPage() {
  return <ResourcePage def={deptDef} data={useLoaderData<typeof loader>()} />;
}
