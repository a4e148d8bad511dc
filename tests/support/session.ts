// Signing in through the real /api/login/auth action and getting the Cookie header back.
import { action as loginAction } from '../../app/routes/api.login.auth';
import { cookieHeader, envelope, req, respond } from './http';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';

/** Logs in via the API; returns the Cookie header (sid + hasLogin) to send back. */
export async function loginAs(username: string, password = DEMO_PASSWORD, ip = '10.9.9.9'): Promise<string> {
  const res = await respond(loginAction, req('/api/login/auth', { json: { username, password, type: 'account' }, ip }));
  const body = await envelope(res);
  if (body.code !== 200) throw new Error(`login as ${username} failed: ${body.code} ${body.msg}`);
  return cookieHeader(res);
}
