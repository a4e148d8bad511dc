// POST /logout from the user menu: revoke the session, clear cookies, back to /login.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { endSession } from '@core/auth/session.server';

export async function action({ request }: ActionFunctionArgs) {
  return redirect('/login', { headers: await endSession(request) });
}

export const loader = () => redirect('/login');
