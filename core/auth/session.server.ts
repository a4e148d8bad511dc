// Sessions live in sys_session, so logging out, changing a password or an administrator's
// force-logout revokes them on every server. The cookie carries only the signed id.
// Each process keeps the session rows it has read (sessionCache): every change to a session
// goes through this module (or revokeSessions) and invalidates the cache in every process
// (core/cache: within a second, and the cache serves nothing while it could miss one), so a
// request costs no session read and a revocation still holds at once. "Last seen" is written
// in batches, one statement per process every SESSION_TOUCH_MS.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { createCookie, createSessionStorage, type Cookie, type SessionStorage } from '@remix-run/node';
import { createCache } from '../cache/cache.server';
import { dataDir, getKnex } from '../db/knex.server';
import { afterCommit } from '../db/afterCommit.server';
import { Lru } from '../lru';

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

/**
 * A signing key for one purpose (`portal.embed`), derived from the session secret: every
 * process of the same install signs and verifies alike, and no purpose's key is the cookie's.
 */
export function derivedKey(purpose: string): Buffer {
  return crypto.createHmac('sha256', secret()).update(`port-platform:${purpose}`).digest();
}

export interface SessionData {
  userId: number;
  welcome?: boolean;
}

type Storage = SessionStorage<SessionData, SessionData>;

/** A live session's data and expiry as read from its row (null: none, revoked or expired). */
const sessionCache = createCache<{ data: SessionData; expires: number } | null>({
  topic: 'auth.sessions',
  max: Number(process.env.SESSION_CACHE_MAX || 10_000),
  ttlMs: Number(process.env.SESSION_CACHE_MS ?? 60_000),
});

async function readSession(id: string): Promise<{ data: SessionData; expires: number } | null> {
  const row = await getKnex()('sys_session').where({ id }).first('data', 'expires_at', 'revoked_at');
  if (!row || row.revoked_at) return null;
  const expires = row.expires_at instanceof Date ? row.expires_at.getTime() : Number(row.expires_at);
  return { data: JSON.parse(row.data) as SessionData, expires };
}

/** Forget cached sessions in every process once the write is committed (one id, or all). */
function forgetSessions(knex: Knex, id?: string): Promise<void> {
  return afterCommit(knex, () => sessionCache.invalidate(id));
}
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
      const found = await sessionCache.get(id, () => readSession(id));
      return found && found.expires > Date.now() ? found.data : null;
    },
    async updateData(id, data, expires) {
      const knex = getKnex();
      await knex('sys_session')
        .where({ id })
        .whereNull('revoked_at')
        .update({ data: JSON.stringify(data), user_id: data.userId ?? null, ...(expires ? { expires_at: expires } : {}) });
      await forgetSessions(knex, id);
    },
    async deleteData(id) {
      await revokeSessions(getKnex(), { ids: [id] });
    },
  });
  s = { cookie, storage };
  storages.set(secure, s);
  return s;
}

export function sessionStorage(request: Request): Storage {
  return storageFor(isSecure(request)).storage;
}

/** Session ids by the Cookie header that carried them (null: none, or a bad signature). Checking
 *  a signature is an HMAC; the same header checks the same way as long as the secret holds. */
const idsByHeader = new Lru<string, string | null>(Number(process.env.SESSION_CACHE_MAX || 10_000));

/** The request's live session (its id and data) or null: what the storage's getSession() reads, without a Session object. */
export async function sessionOf(request: Request): Promise<{ id: string; data: SessionData } | null> {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  let id = idsByHeader.get(header);
  if (id === undefined) {
    const value = (await storageFor(false).cookie.parse(header)) as unknown;
    id = typeof value === 'string' && value ? value : null;
    idsByHeader.set(header, id);
  }
  if (!id) return null;
  const found = await sessionCache.get(id, () => readSession(id));
  return found && found.expires > Date.now() ? { id, data: found.data } : null;
}

/** The client-readable marker some clients check; it holds no secret. */
export function hasLoginCookie(request: Request, on: boolean): string {
  const secure = isSecure(request) ? '; Secure' : '';
  return on ? `${HAS_LOGIN_COOKIE}=1; Path=/; SameSite=Lax${secure}; Max-Age=${Math.floor(sessionTtlMs() / 1000)}` : `${HAS_LOGIN_COOKIE}=; Path=/; SameSite=Lax${secure}; Max-Age=0`;
}

/** Starts a session for a user and returns the Set-Cookie headers (session + hasLogin). */
export async function startSession(request: Request, userId: number, meta: { ip: string | null; userAgent: string | null }): Promise<Headers> {
  const storage = sessionStorage(request);
  const session = await storage.getSession();
  session.set('userId', userId);
  session.set('welcome', true);
  const cookie = await storage.commitSession(session, { expires: new Date(Date.now() + sessionTtlMs()) });
  // The id is inside the signed cookie; read it back to attach request metadata.
  const parsed = await storage.getSession(cookie.split(';')[0]);
  if (parsed.id) {
    await getKnex()('sys_session')
      .where({ id: parsed.id })
      .update({ ip: meta.ip, user_agent: meta.userAgent?.slice(0, 255) ?? null });
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
  const knex = getKnex();
  await knex('sys_session')
    .where({ id: sessionId })
    .update({ data: JSON.stringify(data) });
  await forgetSessions(knex, sessionId);
}

/**
 * Revokes sessions: by id, by the first 12 characters of the id (the online-users list), or all
 * of some users' (but one). Every process stops accepting them once the write commits (inside a
 * transaction: when it commits). Answers how many were live.
 */
export async function revokeSessions(knex: Knex, which: { ids?: string[]; idPrefix?: string; userIds?: number[]; exceptId?: string }): Promise<number> {
  const q = knex('sys_session').whereNull('revoked_at');
  if (which.ids) q.whereIn('id', which.ids);
  if (which.idPrefix) q.whereRaw('substr(id, 1, 12) = ?', [which.idPrefix]);
  if (which.userIds) q.whereIn('user_id', which.userIds);
  if (which.exceptId) q.andWhereNot({ id: which.exceptId });
  if (!which.ids && !which.idPrefix && !which.userIds) throw new Error('revokeSessions: say which sessions');
  const n = await q.update({ revoked_at: new Date() });
  await forgetSessions(knex, which.ids?.length === 1 ? which.ids[0] : undefined);
  return n;
}

export function revokeUserSessions(userId: number, exceptId?: string): Promise<number> {
  return revokeSessions(getKnex(), { userIds: [userId], exceptId });
}

/** Sessions seen since the last write of "last seen", by id (this process's). */
const touched = new Set<string>();
const lastWritten = new Map<string, number>();
let touchTimer: NodeJS.Timeout | undefined;
const TOUCH_MS = Number(process.env.SESSION_TOUCH_MS || 30_000);

/** Notes that a session was used; "last seen" is written at most once a minute per session, in batches. */
export function touchSession(id: string): void {
  const at = lastWritten.get(id);
  if (at !== undefined && Date.now() - at < 60_000) return;
  touched.add(id);
  touchTimer ??= setTimeout(() => void flushSessionTouches(), TOUCH_MS).unref();
}

/** Writes the pending "last seen" times (one statement); at shutdown and on a timer. */
export async function flushSessionTouches(): Promise<void> {
  if (touchTimer) clearTimeout(touchTimer);
  touchTimer = undefined;
  if (!touched.size) return;
  const ids = [...touched];
  touched.clear();
  const now = Date.now();
  for (const id of ids) lastWritten.set(id, now);
  // Bounded: entries older than a minute no longer hold anything back.
  if (lastWritten.size > 50_000) for (const [id, at] of lastWritten) if (now - at >= 60_000) lastWritten.delete(id);
  try {
    for (let i = 0; i < ids.length; i += 500)
      await getKnex()('sys_session')
        .whereIn('id', ids.slice(i, i + 500))
        .update({ last_seen_at: new Date(now) });
  } catch (e) {
    console.error('[session] could not write last seen:', (e as Error).message);
  }
}

/** The client's address, set by server.ts from Express (which honours TRUST_PROXY). */
export function clientIp(request: Request): string | null {
  return request.headers.get('x-port-client-ip');
}
