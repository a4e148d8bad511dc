// Auto-login links (/?username=…&password=<AES>&flag=1) carry the password AES-CBC encrypted
// with zero padding and base64 encoded, as the customer's existing client produces it.
// Key and IV come from the environment; without them the feature is off.
import crypto from 'node:crypto';

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
  const padded = Buffer.concat([data, Buffer.alloc(16 - (data.length % 16))]);
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
