// Guards every loader, action and API call uses. Pages without a session go to /login;
// API calls get the envelope's 20011. Missing rights: 403 (page) or code 403 (API).
import { redirect } from '@remix-run/node';
import { getKnex } from '../db/knex.server';
import { getT } from '../i18n/i18n.server';
import { forbidden, notLoggedIn } from '../http/envelope.server';
import { hasMenu, hasPermission, loadSessionUserCached, type SessionUser } from '../rbac/access.server';
import { sessionOf, touchSession } from './session.server';
import { userForToken } from './token.server';

export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith('/api/');
}

export interface Current {
  user: SessionUser;
  sessionId: string;
  welcome: boolean;
}

export async function getCurrent(request: Request): Promise<Current | null> {
  // Partner systems call the API with a bearer token instead of a session.
  const auth = request.headers.get('authorization');
  if (auth?.startsWith('Bearer ') && isApiRequest(request)) {
    const user = await userForToken(getKnex(), auth.slice(7).trim());
    return user ? { user, sessionId: '', welcome: false } : null;
  }
  const session = await sessionOf(request);
  const userId = session?.data.userId;
  if (!session || !userId) return null;
  const knex = getKnex();
  const user = await loadSessionUserCached(knex, userId);
  if (!user || user.userStatus !== '0') return null;
  // "Last seen" for the online-users list, written in batches (no write per request).
  touchSession(session.id);
  return { user, sessionId: session.id, welcome: !!session.data.welcome };
}

export interface Requirement {
  /** A menu key the user's roles must grant (screens). */
  menu?: string;
  /** A permission code the user must hold (actions, API calls). */
  permission?: string;
}

async function deny(request: Request, kind: 'login' | 'forbidden'): Promise<never> {
  const t = await getT(request);
  if (isApiRequest(request)) throw kind === 'login' ? notLoggedIn(t('core:http.notLoggedIn')) : forbidden(t('core:http.forbidden'));
  if (kind === 'login') throw redirect('/login');
  throw new Response(t('core:http.forbidden'), { status: 403 });
}

export async function requireCurrent(request: Request, need: Requirement = {}): Promise<Current> {
  const current = await getCurrent(request);
  if (!current) return deny(request, 'login');
  if (need.menu && !hasMenu(current.user, need.menu)) return deny(request, 'forbidden');
  if (need.permission && !hasPermission(current.user, need.permission)) return deny(request, 'forbidden');
  return current;
}

export async function requireUser(request: Request, need: Requirement = {}): Promise<SessionUser> {
  return (await requireCurrent(request, need)).user;
}
