// Auto-login links (/?username=…&password=<AES>&flag=1) carry the password AES-CBC encrypted
// with zero padding and base64 encoded, as the customer's existing client produces it.
// Key and IV come from the environment; without them the feature is off.
import crypto from 'node:crypto';
import { redirect } from '@remix-run/node';
import { getKnex } from '../db/knex.server';
import { getT } from '../i18n/i18n.server';
import { attemptLogin } from './login.server';
import { clientIp, startSession } from './session.server';

function keyIv(): { key: Buffer; iv: Buffer } | null {
  const k = process.env.AUTOLOGIN_AES_KEY;
  const v = process.env.AUTOLOGIN_AES_IV;
  if (!k || !v) return null;
  const key = Buffer.from(k, 'utf8');
  const iv = Buffer.from(v, 'utf8');
  if (![16, 24, 32].includes(key.length) || iv.length !== 16) return null;
  return { key, iv };
}

export function autoLoginEnabled(): boolean {
  return keyIv() !== null;
}

const algo = (key: Buffer) => `aes-${key.length * 8}-cbc`;

export function encryptAes(plain: string): string {
  const c = keyIv();
  if (!c) throw new Error('AUTOLOGIN_AES_KEY / AUTOLOGIN_AES_IV are not set');
  const data = Buffer.from(plain, 'utf8');
  // CryptoJS ZeroPadding: zeros up to the block size, none when already a whole block.
  const padded = Buffer.concat([data, Buffer.alloc((16 - (data.length % 16)) % 16)]);
  const cipher = crypto.createCipheriv(algo(c.key), c.key, c.iv).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

export function decryptAes(encoded: string): string | null {
  const c = keyIv();
  if (!c) return null;
  try {
    const buf = Buffer.from(encoded.replace(/ /g, '+'), 'base64');
    if (!buf.length || buf.length % 16 !== 0) return null;
    const decipher = crypto.createDecipheriv(algo(c.key), c.key, c.iv).setAutoPadding(false);
    const out = Buffer.concat([decipher.update(buf), decipher.final()]);
    let end = out.length;
    while (end > 0 && out[end - 1] === 0) end--;
    return out.subarray(0, end).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Handles an auto-login link on any page: signs in, then reloads the same page without the
 * credentials in the URL. Returns null when the URL carries no auto-login query.
 */
export async function autoLoginRedirect(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const username = url.searchParams.get('username');
  const encoded = url.searchParams.get('password');
  if (!username || !encoded || url.searchParams.get('flag') !== '1') return null;
  const password = autoLoginEnabled() ? decryptAes(encoded) : null;
  if (password === null) return redirect('/login?autologin=off');
  const ip = clientIp(request);
  const userAgent = request.headers.get('user-agent');
  const result = await attemptLogin(getKnex(), await getT(request), { username, password, ip, userAgent });
  if (!result.ok) return redirect(`/login?autologin=${result.reason}`);
  for (const k of ['username', 'password', 'flag']) url.searchParams.delete(k);
  return redirect(url.pathname + url.search, { headers: await startSession(request, result.userId, { ip, userAgent }) });
}
