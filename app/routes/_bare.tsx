// The second layout: only the main area, for print views and screens embedded elsewhere.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { requireUser } from '@core/auth/guard.server';
import { BareLayout } from '@core/ui/AppLayout';
import { pageLoader } from '@core/ui/pageData';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { nickname: user.nickname };
}

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

export default function Bare() {
  return (
    <BareLayout>
      <Outlet />
    </BareLayout>
  );
}
