// Contracts end to end on a fresh seeded database (the demo users, enterprises, certificates,
// seals and templates): made from a template by the platform, signed in order by the trader and
// the broker through the sign API (password re-entered, own seal), rejected, expired by the daily
// job, found only by their parties, and the signed PDF verified (and caught when tampered).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser, type ApiAnswer } from '../../../tests/support/resource';
import { DEMO_PASSWORD } from '../../../tests/support/session';
import { envelope, req, respond } from '../../../tests/support/http';
import { saveFile, storedFile } from '../../../core/files/files.server';
import { tFor } from '../../../core/i18n/i18n.server';
import { isoDay } from '../../../core/i18n/dates';
import { dayText } from '../../../core/db/knex.server';
import system from '../../system';
import contracts from '../index';
import { action as signAction } from './routes/api.sign';
import { action as rejectAction } from './routes/api.reject';
import { loader as pdfLoader } from './routes/api.pdf';
import { runContractJob } from './expiry.server';
import { verifyDocument } from '../verification/verify.server';
import { trustedRoots } from '../seals/keys.server';
import { sealImage } from '../seals/sealImage.server';
import { samplePdf } from '../signing/testing';
import { contractsService } from './service.server';
import { badgeListPage } from '../../../core/badges.server';
import { getRegistry } from '../../../core/registry.server';

const db = setUpTestDb({ plugins: [system, contracts], registry: true, dataDir: true, logins: ['operator', 'trader', 'broker', 'shipagent'] });
const { cookies } = db;
const api = (resource: string, who = 'operator') => resourceApi('contracts', resource, { cookie: cookies[who] });
const ok = <T>(a: ApiAnswer<T>) => {
  expect(a.body.code, a.msg).toBe(200);
  return a.data;
};

/** Who the verification answers as: the platform (sees every contract's record). */
const PLATFORM = { id: 0, isAdmin: true, permissionList: [] } as never;

const enterpriseOf = async (username: string) => Number((await db.knex('ctr_enterprise as e').join('sys_user as u', 'u.company_name', 'e.name').where('u.username', username).first('e.id')).id);
const sealOf = async (enterpriseId: number) => Number((await db.knex('ctr_seal').where({ enterprise_id: enterpriseId }).first('id')).id);
const templateId = async (code: string) => Number((await db.knex('ctr_template').where({ code }).first('id')).id);
const contract = async (id: number) => db.knex('ctr_contract').where({ id }).first();

async function sign(id: number, who: string, body: Record<string, unknown>) {
  return envelope(await respond(signAction, req(`/api/contracts/contract/${id}/sign`, { cookie: cookies[who], json: body }), { id: String(id) }));
}

async function newContract(): Promise<number> {
  const T = await enterpriseOf('trader');
  const B = await enterpriseOf('broker');
  const row = ok(
    await api('contract').create({ title: '测试采购合同', type: 'online', templateId: await templateId('purchase'), effectiveDate: isoDay(new Date()), expiryDate: '2030-12-31', amount: '1000.00', currency: 'USD', goods: '大米', parties: [{ enterpriseId: T }, { enterpriseId: B }] }),
  );
  ok(await api('contract').transition('send', [Number(row.id)]));
  return Number(row.id);
}

describe('the demo data', () => {
  it('has enterprises with certificates, seals, nine templates and contracts in several states', async () => {
    expect(await db.knex('ctr_ca').pluck('code')).toEqual(expect.arrayContaining(['root', 'platform']));
    const enterprises = await db.knex('ctr_enterprise').select('name', 'cert_pem', 'key_enc');
    expect(enterprises.length).toBeGreaterThanOrEqual(3);
    for (const e of enterprises) {
      expect(e.cert_pem).toContain('BEGIN CERTIFICATE');
      expect(e.key_enc).toMatch(/^cke1:/); // encrypted at rest
    }
    expect(await db.knex('ctr_template').count({ n: '*' }).first()).toMatchObject({ n: 9 });
    const states = await db.knex('ctr_contract').pluck('status');
    expect(states).toEqual(expect.arrayContaining(['draft', 'signing', 'expired']));
  });

  it('has an agreement expiring within the month: the top bar’s 即将到期合同 lists it for its parties and the platform', async () => {
    for (const who of ['trader', 'broker', 'operator']) {
      const page = await badgeListPage(getRegistry(), await sessionUser(db.knex, who), 'contractExpiry', {}, tFor('zh'));
      expect(page.rows.map((r) => r.title), who).toContain('2026 年一季度堆场租赁协议（线下）');
    }
  });
});

describe('signing', () => {
  it('goes in order, with the password and one of the own seals, and completes with a certificate page', async () => {
    const id = await newContract();
    const T = await enterpriseOf('trader');
    const B = await enterpriseOf('broker');
    // The broker signs second: refused, nothing changed.
    const early = await sign(id, 'broker', { password: DEMO_PASSWORD, sealId: await sealOf(B) });
    expect(early.code).not.toBe(200);
    expect(early.msg).toContain('尚未轮到贵方签署');
    // Not a party: refused.
    const outsider = await sign(id, 'shipagent', { password: DEMO_PASSWORD, sealId: await sealOf(B) });
    expect(outsider.code).not.toBe(200);
    // Wrong password, another enterprise's seal: refused.
    expect((await sign(id, 'trader', { password: 'wrong', sealId: await sealOf(T) })).code).not.toBe(200);
    expect((await sign(id, 'trader', { password: DEMO_PASSWORD, sealId: await sealOf(B) })).code).not.toBe(200);
    const before = await contract(id);
    expect(before).toMatchObject({ status: 'signing', next_seq: 1 });
    expect(await db.knex('ctr_party').where({ contract_id: id, status: 'signed' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });

    const first = await sign(id, 'trader', { password: DEMO_PASSWORD, sealId: await sealOf(T) });
    expect(first.code, first.msg).toBe(200);
    expect(await contract(id)).toMatchObject({ status: 'signing', next_seq: 2 });
    const second = await sign(id, 'broker', { password: DEMO_PASSWORD, sealId: await sealOf(B) });
    expect(second.code, second.msg).toBe(200);
    const done = await contract(id);
    expect(done.status).toBe('normal');
    expect(done.signed_date).toBeTruthy();

    const file = (await storedFile(db.knex, Number(done.file_id)))!;
    const report = await verifyDocument(db.knex, file.bytes, PLATFORM);
    expect(report.signatures).toHaveLength(3); // trader, broker, the platform's seal of the certificate page
    for (const s of report.signatures) expect(s).toMatchObject({ valid: true, trusted: true });
    expect(report.record?.stage).toBe('final');
    const kinds = await db.knex('ctr_event').where({ contract_id: id }).orderBy('id').pluck('kind');
    expect(kinds).toEqual(['created', 'generated', 'sent', 'signed', 'signed', 'completed']);

    // 签订日期: the day of completion, in the row (the list and detail show it) and on the certificate page; the draft's field said where to find it.
    expect(dayText(done.signed_date)).toBe(isoDay(new Date()));
    const pdfText = (bytes: Uint8Array) => {
      const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ctr-text-')), 'c.pdf');
      fs.writeFileSync(f, bytes);
      return spawnSync('pdftotext', ['-enc', 'UTF-8', f, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
    };
    const finalText = pdfText(file.bytes);
    expect(finalText).toContain(`签订日期/Datesigned${isoDay(new Date())}`);
    expect(finalText).toContain('见末页签署证书');

    // A tampered copy (one byte of the signed pages changed) is never valid.
    const tampered = Buffer.from(file.bytes);
    const at = tampered.indexOf('/Contents', 2000) - 40;
    tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41;
    const bad = await verifyDocument(db.knex, tampered, PLATFORM);
    expect(bad.signatures.some((s) => !s.valid)).toBe(true);
    expect(bad.record).toBeNull();

    // The signed PDF verifies with poppler's pdfsig, trusting the platform CA.
    if (spawnSync('pdfsig', ['-v']).error === undefined && spawnSync('certutil', ['-H']).error === undefined) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ctr-nss-'));
      fs.writeFileSync(path.join(dir, 'ca.pem'), (await trustedRoots(db.knex))[0]);
      fs.writeFileSync(path.join(dir, 'signed.pdf'), file.bytes);
      spawnSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
      spawnSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'platform', '-t', 'CT,C,C', '-i', path.join(dir, 'ca.pem')]);
      const out = spawnSync('pdfsig', ['-nssdir', `sql:${dir}`, path.join(dir, 'signed.pdf')], { encoding: 'utf8' }).stdout;
      expect(out.match(/Signature Validation: Signature is Valid/g)?.length).toBe(3);
      expect(out).toContain('Certificate Validation: Certificate is Trusted');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('lets the party whose turn it is reject with a reason: the contract is abnormal', async () => {
    const id = await newContract();
    const noReason = await envelope(await respond(rejectAction, req(`/api/contracts/contract/${id}/reject`, { cookie: cookies.trader, json: { reason: ' ' } }), { id: String(id) }));
    expect(noReason.code).not.toBe(200);
    const res = await envelope(await respond(rejectAction, req(`/api/contracts/contract/${id}/reject`, { cookie: cookies.trader, json: { reason: '金额有误' } }), { id: String(id) }));
    expect(res.code, res.msg).toBe(200);
    expect(await contract(id)).toMatchObject({ status: 'abnormal', abnormal_reason: '金额有误' });
    expect(await db.knex('ctr_party').where({ contract_id: id, seq: 1 }).first()).toMatchObject({ status: 'rejected', reject_reason: '金额有误' });
    const after = await sign(id, 'broker', { password: DEMO_PASSWORD, sealId: await sealOf(await enterpriseOf('broker')) });
    expect(after.code).not.toBe(200);
  }, 30_000);
});

describe('inquiry', () => {
  it('shows each party its own contracts only; the platform all', async () => {
    // A contract of the broker and the ship agent: not the trader's.
    const row = ok(
      await api('contract').create({ title: '船代服务协议', type: 'online', templateId: await templateId('purchase'), effectiveDate: isoDay(new Date()), expiryDate: '2030-12-31', amount: '88.00', currency: 'CNY', parties: [{ enterpriseId: await enterpriseOf('broker') }, { enterpriseId: await enterpriseOf('shipagent') }] }),
    );
    const all = ok(await api('contract').list({ pageSize: 100 })).rows;
    const trader = ok(await api('contract', 'trader').list({ pageSize: 100 })).rows;
    const broker = ok(await api('contract', 'broker').list({ pageSize: 100 })).rows;
    expect(trader.length).toBeGreaterThan(0);
    expect(trader.every((r) => String(r.partyNames).includes('德宏边境贸易有限公司'))).toBe(true);
    expect(trader.map((r) => r.id)).not.toContain(row.id);
    expect(broker.map((r) => r.id)).toContain(row.id);
    expect(all.length).toBeGreaterThan(trader.length);
    const res = await respond(pdfLoader, req(`/api/contracts/contract/${row.id}/pdf`, { cookie: cookies.trader }), { id: String(row.id) });
    expect(res.status).toBe(404);
    const own = await respond(pdfLoader, req(`/api/contracts/contract/${row.id}/pdf`, { cookie: cookies.broker }), { id: String(row.id) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('application/pdf');
    // A role without the contracts menu is refused outright.
    expect((await api('contract', 'shipagent').list({})).body.code).toBe(403);
  });
});

describe('the daily job', () => {
  it('expires contracts past their date and warns once 30 days ahead', async () => {
    const id = await newContract();
    const T = await enterpriseOf('trader');
    const B = await enterpriseOf('broker');
    await sign(id, 'trader', { password: DEMO_PASSWORD, sealId: await sealOf(T) });
    await sign(id, 'broker', { password: DEMO_PASSWORD, sealId: await sealOf(B) });
    const today = isoDay(new Date());
    const soon = isoDay(new Date(Date.now() + 10 * 86_400_000));
    await db.knex('ctr_contract').where({ id }).update({ expiry_date: soon });
    const first = await runContractJob(db.knex, today);
    expect(first.warned).toContain((await contract(id)).contract_no);
    expect((await runContractJob(db.knex, today)).warned).not.toContain((await contract(id)).contract_no);
    const later = await runContractJob(db.knex, isoDay(new Date(Date.now() + 11 * 86_400_000)));
    expect(later.expired).toContain((await contract(id)).contract_no);
    expect((await contract(id)).status).toBe('expired');
  }, 60_000);
});

/** An opaque RGB png (colour type 2, no tRNS): a seal image without transparency. */
function opaquePng(size = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = ~0;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0xcc)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const upload = async (username: string, resource: string, name: string, ext: string, bytes: Uint8Array) =>
  (await saveFile(db.knex, { name, ext, bytes, resource, recordId: null, createdBy: Number((await db.knex('sys_user').where({ username }).first('id')).id), createdByName: username })).id;

describe('bad input changes nothing', () => {
  it('refuses a seal image without transparency, and a seal for another enterprise', async () => {
    const before = await db.knex('ctr_seal').count({ n: '*' }).first();
    const own = await enterpriseOf('trader');
    const opaque = await upload('trader', 'contracts.seal', 'opaque.png', 'png', opaquePng());
    const a = await api('seal', 'trader').create({ enterpriseId: own, name: '测试章', kind: 'contractSeal', imageFileId: opaque });
    expect(a.body.code).not.toBe(200);
    expect(JSON.stringify(a.body)).toContain('印章图片须为透明背景的 PNG');
    const clear = await upload('trader', 'contracts.seal', 'seal.png', 'png', sealImage(64));
    const b = await api('seal', 'trader').create({ enterpriseId: await enterpriseOf('broker'), name: '冒用章', kind: 'contractSeal', imageFileId: clear });
    expect(b.body.code).not.toBe(200);
    expect(await db.knex('ctr_seal').count({ n: '*' }).first()).toEqual(before);
    // The same transparent image for its own enterprise is taken.
    ok(await api('seal', 'trader').create({ enterpriseId: own, name: '测试合同章', kind: 'contractSeal', imageFileId: clear }));
  });

  it('refuses a standard template without the fields the contract form fills', async () => {
    const before = await db.knex('ctr_template').count({ n: '*' }).first();
    const plain = await upload('operator', 'contracts.template', 'plain.pdf', 'pdf', await samplePdf());
    const a = await api('template').create({ name: '无字段模板', type: 'standard', lang: 'zh', fileId: plain });
    expect(a.body.code).not.toBe(200);
    expect(JSON.stringify(a.body)).toContain('模板缺少合同所需的表单字段');
    expect(await db.knex('ctr_template').count({ n: '*' }).first()).toEqual(before);
    // As a non-standard template (a document used as it is) it is taken.
    const made = ok(await api('template').create({ name: '非标准模板', type: 'nonStandard', lang: 'zh', fileId: plain }));
    expect(made).toMatchObject({ currentVersion: 1, status: 'enabled' });
  });
});

describe('the contracts service', () => {
  it('makes a contract from a template by its code for enterprises named as registered, and reads its state', async () => {
    const user = await sessionUser(db.knex, 'operator');
    const actor = { user, ip: '10.0.0.9', t: tFor('zh') };
    const names = [(await db.knex('ctr_enterprise').where({ id: await enterpriseOf('trader') }).first('name')).name, (await db.knex('ctr_enterprise').where({ id: await enterpriseOf('broker') }).first('name')).name];
    const state = await contractsService.createFromTemplate(db.knex, actor, { templateCode: 'customsEntrustment', title: '服务调用的委托书', parties: names, effectiveDate: isoDay(new Date()), expiryDate: '2030-06-30', amount: '1200.00', currency: 'CNY', goods: '大米', send: true });
    expect(state).toMatchObject({ status: 'signing', parties: [{ name: names[0], status: 'pending' }, { name: names[1], status: 'pending' }] });
    expect((await contractsService.state(db.knex, state.id))?.contractNo).toBe(state.contractNo);
    await expect(contractsService.createFromTemplate(db.knex, actor, { templateCode: 'customsEntrustment', title: 'x', parties: ['不存在的公司', names[1]], effectiveDate: '2030-01-01', expiryDate: '2030-06-30', amount: '1', currency: 'CNY' })).rejects.toThrow('不存在的公司');
  });
});

describe('a completed contract whose file no longer verifies', () => {
  it('is marked abnormal by the daily job', async () => {
    const id = await newContract();
    await sign(id, 'trader', { password: DEMO_PASSWORD, sealId: await sealOf(await enterpriseOf('trader')) });
    await sign(id, 'broker', { password: DEMO_PASSWORD, sealId: await sealOf(await enterpriseOf('broker')) });
    const c = await contract(id);
    const row = await db.knex('sys_file').where({ id: c.file_id }).first('path');
    const file = path.join(db.dataDir, 'uploads', String(row.path));
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 3)] ^= 0x01;
    fs.writeFileSync(file, bytes);
    const run = await runContractJob(db.knex, isoDay(new Date()));
    expect(run.abnormal).toContain(c.contract_no);
    expect(await contract(id)).toMatchObject({ status: 'abnormal' });
  }, 60_000);
});
