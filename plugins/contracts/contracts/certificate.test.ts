// The certificate page laid out in each language: every label and column heading whole (pdftotext
// reads the Burmese through its ActualText), nothing cut with "…", and the date signed on it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { tFor } from '../../../core/i18n/i18n.server';
import system from '../../system';
import contracts from '../index';
import { certificatePage } from './signing.server';

setUpTestDb({ plugins: [system, contracts], registry: true });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-cert-'));
const keep = process.env.CERT_PNG_DIR;

async function render(lang: 'zh' | 'en' | 'my') {
  const at = new Date('2026-12-01T08:30:00Z');
  const c = { id: 7, contract_no: 'HT20261201000007', title: 'ရွှေလီ–မန္တလေး ကုန်စည်သယ်ယူပို့ဆောင်ရေး စာချုပ်' };
  const parties = [
    { seq: 1, enterprise_name: 'ရွှေလီ နယ်စပ်ကုန်သွယ်ရေး ကုမ္ပဏီလီမိတက်', signer_name: 'ဦးမောင်မောင်', signed_at: at, ip: '10.0.0.1', cert_serial: '0A1B2C' },
    { seq: 2, enterprise_name: '姐告报关行', signer_name: '张三', signed_at: at, ip: '10.0.0.2', cert_serial: '0A1B2D' },
  ];
  const events = ['created', 'generated', 'sent', 'signed', 'signed', 'completed'].map((kind, i) => ({ kind, at, username: i < 3 ? 'operator' : null, enterprise_name: i >= 3 && i < 5 ? parties[i - 3].enterprise_name : null, ip: '10.0.0.9' }));
  const pdf = Buffer.from(await certificatePage({ c, parties, events, hash: 'a'.repeat(64), url: 'https://port.example.com/contract/signingCeremony?hash=aa', lang, signedDate: '2026-12-01' }));
  const file = path.join(tmp, `${lang}.pdf`);
  fs.writeFileSync(file, pdf);
  if (keep) execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(keep, lang)]);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
const squash = (s: string) => s.replace(/\s+/g, '');

describe('the certificate page', () => {
  it.each(['my', 'zh', 'en'] as const)('in %s shows every label and heading whole, and the date signed', async (lang) => {
    const text = squash(await render(lang));
    const t = tFor(lang);
    const K = 'contracts:contracts';
    const keys = [`${K}.field.contractNo`, `${K}.field.contractTitle`, `${K}.field.signedDate`, `${K}.certificate.hash`, `${K}.certificate.completedAt`, `${K}.field.enterprise`, `${K}.field.signer`, `${K}.field.signedAt`, `${K}.certificate.time`, `${K}.certificate.event`, `${K}.certificate.by`, `${K}.certificate.ip`];
    // A label wrapped onto two lines is read back with the value beside it in between: each of its words whole.
    const whole = (label: string) => label.split(/\s+/).forEach((word) => expect(text, label).toContain(word));
    for (const key of keys) whole(t(key));
    if (lang !== 'en') for (const key of keys.slice(0, 5)) whole(tFor('en')(key));
    // What does not fit is cut with …: nothing is.
    expect(text).not.toContain('…');
    expect(text).toContain('2026-12-01');
  });
});
