// remix-auth with the form strategy for the /login page; /api/login/auth calls the same
// attemptLogin with a JSON body. remix-auth v4 leaves sessions to us (startSession).
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { getKnex } from '../db/knex.server';
import { getT } from '../i18n/i18n.server';
import { attemptLogin, type LoginResult } from './login.server';
import { clientIp } from './session.server';

export const authenticator = new Authenticator<LoginResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    attemptLogin(getKnex(), await getT(request), {
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
      ip: clientIp(request),
      userAgent: request.headers.get('user-agent'),
    }),
  ),
  'form',
);
