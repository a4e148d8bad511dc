// Any unknown path: /404 for a signed-in user, /login for everyone else.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { getCurrent } from '@core/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect((await getCurrent(request)) ? '/404' : '/login');
}

export const action = loader;
