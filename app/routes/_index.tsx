// "/" goes to /dashboard (signed in) or /login. Auto-login links are handled first.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { autoLoginRedirect } from '@core/auth/autologin.server';
import { getCurrent } from '@core/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const auto = await autoLoginRedirect(request);
  if (auto) throw auto;
  throw redirect((await getCurrent(request)) ? '/dashboard' : '/login');
}
