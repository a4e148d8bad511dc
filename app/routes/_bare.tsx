// The second layout: only the main area, for print views and screens embedded elsewhere.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { requireUser } from '@core/auth/guard.server';
import { BareLayout } from '@core/ui/AppLayout';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { nickname: user.nickname };
}

export default function Bare() {
  return (
    <BareLayout>
      <Outlet />
    </BareLayout>
  );
}
