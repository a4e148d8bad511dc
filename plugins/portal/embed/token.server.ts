// Embed tokens are HMAC-signed, not stored: `pem_<payload>.<signature>`, the payload naming the
// trader, the scope and the expiry, the signature made with a key derived from the session
// secret (core derivedKey), so every process of the install verifies a token without a database
// read, and a changed byte or a passed expiry fails. A token cannot be revoked before it
// expires: that is why it lives minutes, reads one trader's bills and nothing else.
import crypto from 'node:crypto';
import { derivedKey } from '@core/server';
import { EMBED_PREFIX, SETTLEMENT_SCOPE, embedTtlSeconds } from './embed';

export interface EmbedClaims {
  /** The trader's user id. */
  sub: number;
  /** The trader's username (for the audit and logs; the id decides). */
  usr: string;
  scope: typeof SETTLEMENT_SCOPE;
  /** Expiry, epoch seconds. */
  exp: number;
}

const sign = (body: string) => crypto.createHmac('sha256', derivedKey('portal.embed')).update(body).digest('base64url');

export function issueEmbedToken(trader: { id: number; username: string }, now = Date.now()): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + embedTtlSeconds();
  const claims: EmbedClaims & { v: 1; n: string } = { v: 1, sub: trader.id, usr: trader.username, scope: SETTLEMENT_SCOPE, exp, n: crypto.randomBytes(6).toString('base64url') };
  const body = EMBED_PREFIX + Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${body}.${sign(body)}`, expiresAt: new Date(exp * 1000) };
}

/** Why a token is refused: not one of ours or altered (`invalid`), or past its expiry (`expired`). */
export type EmbedRefusal = 'invalid' | 'expired';

export function verifyEmbedToken(token: string, now = Date.now()): { claims: EmbedClaims } | { refused: EmbedRefusal } {
  if (!token.startsWith(EMBED_PREFIX) || token.length > 1024) return { refused: 'invalid' };
  const dot = token.lastIndexOf('.');
  if (dot < 0) return { refused: 'invalid' };
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(body), 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { refused: 'invalid' };
  let claims: Partial<EmbedClaims> & { v?: number };
  try {
    claims = JSON.parse(Buffer.from(body.slice(EMBED_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return { refused: 'invalid' };
  }
  if (claims.v !== 1 || claims.scope !== SETTLEMENT_SCOPE || !Number.isInteger(claims.sub) || typeof claims.exp !== 'number') return { refused: 'invalid' };
  if (claims.exp * 1000 <= now) return { refused: 'expired' };
  return { claims: { sub: claims.sub!, usr: String(claims.usr ?? ''), scope: SETTLEMENT_SCOPE, exp: claims.exp } };
}

/** The token of an `Authorization: Embed <token>` header, or null. */
export function embedTokenOf(request: Request): string | null {
  const auth = request.headers.get('authorization');
  if (!auth || !/^Embed\s+/i.test(auth)) return null;
  return auth.replace(/^Embed\s+/i, '').trim() || null;
}
