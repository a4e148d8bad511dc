// The auto-login AES helper must read what the customer's client (CryptoJS AES-CBC,
// ZeroPadding, base64) produces. The reference cipher below is written independently with
// node:crypto and follows CryptoJS's ZeroPadding exactly: zeros up to the next block
// boundary, none when the text already fills whole blocks.
import crypto from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { autoLoginEnabled, decryptAes, encryptAes } from './autologin.server';
import { restoreEnvAfterEach } from '../../tests/support/suite';

const KEY = '0123456789abcdef';
const IV = 'fedcba9876543210';

function cryptoJsZeroPadding(plain: string, key = KEY, iv = IV): string {
  const data = Buffer.from(plain, 'utf8');
  const pad = (16 - (data.length % 16)) % 16;
  // CryptoJS picks AES-128, -192 or -256 by the key's length.
  const cipher = crypto.createCipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key), Buffer.from(iv)).setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([data, Buffer.alloc(pad)])), cipher.final()]).toString('base64');
}

/** CryptoJS ZeroPadding.unpad: strip trailing zero bytes. */
function cryptoJsDecrypt(b64: string, key = KEY, iv = IV): string {
  const d = crypto.createDecipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(iv)).setAutoPadding(false);
  const out = Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]);
  let end = out.length;
  while (end > 0 && out[end - 1] === 0) end--;
  return out.subarray(0, end).toString('utf8');
}

beforeEach(() => {
  process.env.AUTOLOGIN_AES_KEY = KEY;
  process.env.AUTOLOGIN_AES_IV = IV;
});
restoreEnvAfterEach();

describe('decryptAes', () => {
  it('reads a CryptoJS ZeroPadding ciphertext of the demo password', () => {
    const enc = cryptoJsZeroPadding('Demo@12345');
    expect(Buffer.from(enc, 'base64')).toHaveLength(16);
    expect(decryptAes(enc)).toBe('Demo@12345');
  });

  it('reads a text that fills whole blocks (CryptoJS adds no padding block)', () => {
    const plain = 'Exactly16Bytes!!';
    const enc = cryptoJsZeroPadding(plain);
    expect(Buffer.from(enc, 'base64')).toHaveLength(16);
    expect(decryptAes(enc)).toBe(plain);
    expect(decryptAes(cryptoJsZeroPadding('A'.repeat(32)))).toBe('A'.repeat(32));
  });

  it('reads multi-byte UTF-8 text', () => {
    expect(decryptAes(cryptoJsZeroPadding('口岸密码@2024'))).toBe('口岸密码@2024');
  });

  it('accepts a base64 "+" that arrived as a space in an unencoded URL', () => {
    let plain = '';
    let enc = '';
    for (let i = 0; i < 500 && !enc.includes('+'); i++) enc = cryptoJsZeroPadding((plain = `Pass-${i}`));
    expect(enc).toContain('+');
    expect(decryptAes(enc.replace(/\+/g, ' '))).toBe(plain);
  });

  it('does not recover the text with another key or IV', () => {
    const enc = cryptoJsZeroPadding('Demo@12345', 'abcdef0123456789');
    expect(decryptAes(enc)).not.toBe('Demo@12345');
    process.env.AUTOLOGIN_AES_IV = '0000000000000000';
    expect(decryptAes(cryptoJsZeroPadding('Demo@12345'))).not.toBe('Demo@12345');
  });

  it('answers null for input that is not whole AES blocks', () => {
    expect(decryptAes('')).toBeNull();
    expect(decryptAes('abc')).toBeNull();
    expect(decryptAes(Buffer.alloc(20).toString('base64'))).toBeNull();
  });

  it('answers null when the key or IV is not configured, or has a wrong length', () => {
    const enc = cryptoJsZeroPadding('Demo@12345');
    delete process.env.AUTOLOGIN_AES_IV;
    expect(autoLoginEnabled()).toBe(false);
    expect(decryptAes(enc)).toBeNull();
    process.env.AUTOLOGIN_AES_IV = 'short';
    expect(autoLoginEnabled()).toBe(false);
    process.env.AUTOLOGIN_AES_IV = IV;
    process.env.AUTOLOGIN_AES_KEY = '0123456789abcde'; // 15 bytes
    expect(autoLoginEnabled()).toBe(false);
    expect(decryptAes(enc)).toBeNull();
  });

  it('uses AES-256 for a 32-byte key, as CryptoJS does', () => {
    const key = '0123456789abcdef0123456789abcdef';
    process.env.AUTOLOGIN_AES_KEY = key;
    expect(decryptAes(cryptoJsZeroPadding('Demo@12345', key))).toBe('Demo@12345');
  });
});

describe('encryptAes', () => {
  it('produces what CryptoJS produces for a text that does not fill whole blocks', () => {
    for (const p of ['Demo@12345', 'x', '口岸密码@2024', 'A'.repeat(31)]) expect(encryptAes(p)).toBe(cryptoJsZeroPadding(p));
  });

  it('round-trips through decryptAes and through CryptoJS-style decryption', () => {
    for (const p of ['Demo@12345', 'Exactly16Bytes!!', '口岸密码']) {
      expect(decryptAes(encryptAes(p))).toBe(p);
      expect(cryptoJsDecrypt(encryptAes(p))).toBe(p);
    }
  });

  it('refuses to run without a configured key', () => {
    delete process.env.AUTOLOGIN_AES_KEY;
    expect(() => encryptAes('x')).toThrow(/AUTOLOGIN_AES_KEY/);
  });
});
