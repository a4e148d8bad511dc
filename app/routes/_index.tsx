// "/" goes to /dashboard. With ?username=…&password=<AES>&flag=1 it signs in first and
// reloads without the credentials in the URL.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { decryptAes, autoLoginEnabled } from '@core/auth/autologin.server';
import { getCurrent } from '@core/auth/guard.server';
import { attemptLogin } from '@core/auth/login.server';
import { clientIp, startSession } from '@core/auth/session.server';
import { getKnex } from '@core/db/knex.server';
import { getT } from '@core/i18n/i18n.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const username = url.searchParams.get('username');
  const encoded = url.searchParams.get('password');
  if (username && encoded && url.searchParams.get('flag') === '1') {
    const password = autoLoginEnabled() ? decryptAes(encoded) : null;
    if (password === null) throw redirect('/login?autologin=off');
    const ip = clientIp(request);
    const userAgent = request.headers.get('user-agent');
    const result = await attemptLogin(getKnex(), await getT(request), { username, password, ip, userAgent });
    if (!result.ok) throw redirect(`/login?autologin=${result.reason}`);
    throw redirect('/', { headers: await startSession(request, result.userId, { ip, userAgent }) });
  }
  throw redirect((await getCurrent(request)) ? '/dashboard' : '/login');
}
