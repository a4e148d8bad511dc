// Sessions live in sys_session, so logging out, changing a password or an administrator's
// force-logout revokes them at once on every server. The cookie carries only the signed id.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createCookie, createSessionStorage, type Cookie, type Session, type SessionStorage } from '@remix-run/node';
import { dataDir, getKnex } from '../db/knex.server';

export const SESSION_COOKIE = 'sid';
export const HAS_LOGIN_COOKIE = 'hasLogin';

export function sessionTtlMs(): number {
  return Number(process.env.SESSION_TTL_HOURS || 12) * 3600 * 1000;
}

function secret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataDir(), 'session.secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const s = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, s, { mode: 0o600 });
    return s;
  }
}

export interface SessionData {
  userId: number;
  welcome?: boolean;
}

type Storage = SessionStorage<SessionData, SessionData>;
const storages = new Map<boolean, { cookie: Cookie; storage: Storage }>();

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

function storageFor(secure: boolean): { cookie: Cookie; storage: Storage } {
  let s = storages.get(secure);
  if (s) return s;
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [secret()],
  });
  const storage = createSessionStorage<SessionData, SessionData>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomBytes(32).toString('base64url');
      const now = new Date();
      await getKnex()('sys_session').insert({
        id,
        user_id: data.userId ?? null,
        data: JSON.stringify(data),
        created_at: now,
        last_seen_at: now,
        expires_at: expires ?? new Date(now.getTime() + sessionTtlMs()),
      });
      return id;
    },
    async readData(id) {
      const row = await getKnex()('sys_session').where({ id }).first();
      if (!row || row.revoked_at) return null;
      const expires = row.expires_at instanceof Date ? row.expires_at : new Date(Number(row.expires_at));
      if (expires.getTime() <= Date.now()) return null;
      return JSON.parse(row.data) as SessionData;
    },
    async updateData(id, data, expires) {
      await getKnex()('sys_session')
        .where({ id })
        .whereNull('revoked_at')
        .update({ data: JSON.stringify(data), user_id: data.userId ?? null, ...(expires ? { expires_at: expires } : {}) });
    },
    async deleteData(id) {
      await getKnex()('sys_session').where({ id }).update({ revoked_at: new Date() });
    },
  });
  s = { cookie, storage };
  storages.set(secure, s);
  return s;
}

export function sessionStorage(request: Request): Storage {
  return storageFor(isSecure(request)).storage;
}

export function getSession(request: Request): Promise<Session<SessionData, SessionData>> {
  return sessionStorage(request).getSession(request.headers.get('Cookie'));
}

export function commitSession(request: Request, session: Session<SessionData, SessionData>): Promise<string> {
  return sessionStorage(request).commitSession(session, { expires: new Date(Date.now() + sessionTtlMs()) });
}

/** The client-readable marker some clients check; it holds no secret. */
export function hasLoginCookie(request: Request, on: boolean): string {
  const secure = isSecure(request) ? '; Secure' : '';
  return on
    ? `${HAS_LOGIN_COOKIE}=1; Path=/; SameSite=Lax${secure}; Max-Age=${Math.floor(sessionTtlMs() / 1000)}`
    : `${HAS_LOGIN_COOKIE}=; Path=/; SameSite=Lax${secure}; Max-Age=0`;
}

/** Starts a session for a user and returns the Set-Cookie headers (session + hasLogin). */
export async function startSession(request: Request, userId: number, meta: { ip: string | null; userAgent: string | null }): Promise<Headers> {
  const storage = sessionStorage(request);
  const session = await storage.getSession();
  session.set('userId', userId);
  session.set('welcome', true);
  const cookie = await commitSession(request, session);
  // The id is inside the signed cookie; read it back to attach request metadata.
  const parsed = await storage.getSession(cookie.split(';')[0]);
  if (parsed.id) {
    await getKnex()('sys_session').where({ id: parsed.id }).update({ ip: meta.ip, user_agent: meta.userAgent?.slice(0, 255) ?? null });
  }
  const headers = new Headers();
  headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', hasLoginCookie(request, true));
  return headers;
}

export async function endSession(request: Request): Promise<Headers> {
  const storage = sessionStorage(request);
  const session = await storage.getSession(request.headers.get('Cookie'));
  const headers = new Headers();
  headers.append('Set-Cookie', await storage.destroySession(session));
  headers.append('Set-Cookie', hasLoginCookie(request, false));
  return headers;
}

/** The welcome banner shows once per login: drop the flag after the first page. */
export async function clearWelcome(sessionId: string, userId: number): Promise<void> {
  const data: SessionData = { userId };
  await getKnex()('sys_session').where({ id: sessionId }).update({ data: JSON.stringify(data) });
}

export async function revokeUserSessions(userId: number, exceptId?: string): Promise<number> {
  const q = getKnex()('sys_session').where({ user_id: userId }).whereNull('revoked_at');
  if (exceptId) q.andWhereNot({ id: exceptId });
  return q.update({ revoked_at: new Date() });
}

/** The client's address, set by server.ts from Express (which honours TRUST_PROXY). */
export function clientIp(request: Request): string | null {
  return request.headers.get('x-port-client-ip');
}
