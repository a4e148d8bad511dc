// Signing in through the real /api/login/auth action and getting the Cookie header back.
import { action as loginAction } from '../../app/routes/api.login.auth';
import { action as getInfoAction } from '../../app/routes/api.login.getInfo';
import { cookieHeader, envelope, req, respond, type Envelope } from './http';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';

/** Logs in via the API; returns the Cookie header (sid + hasLogin) to send back. */
export async function loginAs(username: string, password = DEMO_PASSWORD, ip = '10.9.9.9'): Promise<string> {
  const res = await respond(loginAction, req('/api/login/auth', { json: { username, password, type: 'account' }, ip }));
  const body = await envelope(res);
  if (body.code !== 200) throw new Error(`login as ${username} failed: ${body.code} ${body.msg}`);
  return cookieHeader(res);
}

/** The envelope a sign-in through /api/login/auth answers. */
export async function loginAnswer(username: string, password: string, ip = '10.7.0.1'): Promise<Envelope> {
  return envelope(await respond(loginAction, req('/api/login/auth', { json: { username, password, type: 'account' }, ip })));
}

/** The getInfo envelope code for a Cookie header: 200 while its session lives, 20011 after. */
export async function sessionCode(cookie: string): Promise<number> {
  return (await envelope(await respond(getInfoAction, req('/api/login/getInfo', { method: 'POST', cookie })))).code;
}
