// /expense/badDebt (坏账管理): the platform proposes writing unpaid bills off; another user with the approval permission approves or rejects.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { badDebtDef } from '../badDebt';
import { badDebtResource } from '../writeoffs.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(badDebtResource, request);

export default function BadDebtPage() {
  return <ResourcePage def={badDebtDef} data={useLoaderData<typeof loader>()} />;
}
