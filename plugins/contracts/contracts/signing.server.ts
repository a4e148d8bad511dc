// The life of an online contract's PDF: filled from its template version as a draft, signed by
// each party in order (its seal at its slot, a PKCS#7 signature with its enterprise certificate,
// each an incremental update so that the earlier signatures stay valid), and, once the last party
// has signed, a certificate page (parties, events with time and IP, the document's hash and a QR
// code to its verification) appended and sealed by the platform's own signature. Every version is
// kept as a file with its hash (the verification page finds the contract by it); every step is an
// event of the certificate page and an audit entry.
//
// The cryptography runs outside any transaction; the write that follows checks the contract is
// still where it was signed from (its turn and its file's hash), so two signers at once cannot
// both win and a slow signature never holds a lock.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import QRCode from 'qrcode';
import { PDFDocument } from 'pdf-lib';
import { ApiError, CODE, FieldError, dayText, openPdf, put, saveFile, setFont, storedFile, tFor, verifyPassword, wrap, writeAudit } from '@core/server';
import { formatDateTime, resourceKey, todayIso, type Lang, type SessionUser } from '@core/shared';
import { ENTERPRISE_TABLE, enterpriseIdOfUser, isPlatform } from '../common';
import { signPdf, updatePdfIncrementally } from '../signing/sign.server';
import { enterpriseSigner, platformSigner } from '../seals/keys.server';
import { templateVersion } from '../templates/contractTemplate.server';
import { fillTemplate } from '../templates/fill.server';
import type { Rect } from '../templates/template.server';
import { K, contractDef } from './contract';

export const CONTRACT_TABLE = 'ctr_contract';
export const CONTRACT_RESOURCE = resourceKey(contractDef);
export const EVENT_KINDS = ['created', 'generated', 'sent', 'viewed', 'signed', 'rejected', 'completed', 'expiryWarning', 'expired', 'abnormal'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
const PARTY_KEYS = ['partyA', 'partyB', 'partyC', 'partyD', 'partyE'];
const LANGS: Lang[] = ['zh', 'en', 'my'];

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

type Row = Record<string, unknown>;

export const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** Records an event of a contract (the certificate page lists them). */
export async function addEvent(knex: Knex, contractId: number, kind: EventKind, actor: Actor | null, extra: { enterpriseName?: string | null; note?: string | null } = {}): Promise<void> {
  await knex('ctr_event').insert({
    contract_id: contractId,
    kind,
    user_id: actor?.user.id ?? null,
    username: actor ? String(actor.user.nickname || actor.user.username) : null,
    enterprise_name: extra.enterpriseName ?? null,
    ip: actor?.ip ?? null,
    note: extra.note ?? null,
    at: new Date(),
  });
}

export async function partiesOf(knex: Knex, contractId: number): Promise<Row[]> {
  return knex('ctr_party as p').leftJoin(`${ENTERPRISE_TABLE} as e`, 'e.id', 'p.enterprise_id').where('p.contract_id', contractId).orderBy('p.seq').select('p.*', 'e.name as current_name', 'e.cert_serial');
}

const partyName = (p: Row) => String(p.enterprise_name ?? p.current_name ?? '');

/** Whether the user may see the contract: the platform, or a user of one of its parties. */
export async function mayRead(knex: Knex, user: SessionUser, contractId: number): Promise<boolean> {
  if (isPlatform(user)) return true;
  const own = await enterpriseIdOfUser(knex, user);
  return own !== null && !!(await knex('ctr_party').where({ contract_id: contractId, enterprise_id: own }).first('id'));
}

/** The contract as the user may see it, else "not found" (a contract of others is not there for them). */
export async function contractFor(knex: Knex, user: SessionUser, contractId: number, t: TFunction): Promise<Row> {
  const c = Number.isSafeInteger(contractId) ? await knex(CONTRACT_TABLE).where({ id: contractId }).first() : undefined;
  if (!c || !(await mayRead(knex, user, contractId))) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return c;
}

/** A money amount as the contract shows it: thousands separated, two places. */
function money(v: unknown): string {
  const [int, frac = ''] = String(v ?? '0').split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(frac + '00').slice(0, 2)}`;
}

/** The template's data fields from the contract, in the template's language. */
export function fillValues(c: Row, parties: Row[], lang: Lang): Record<string, string> {
  const t = tFor(lang);
  const values: Record<string, string> = {
    'contract.no': String(c.contract_no),
    'contract.title': String(c.title ?? ''),
    // Not known until the last party signs: the draft says where it will be (the certificate page completion appends).
    'contract.signedDate': dayText(c.signed_date) ?? t(`${K}.certificate.signedOnCompletion`),
    'contract.effectiveDate': dayText(c.effective_date) ?? '',
    'contract.expiryDate': dayText(c.expiry_date) ?? '',
    'contract.amount': money(c.amount),
    'contract.currency': t(`${K}.currency.${c.currency}`),
    goods: String(c.goods ?? ''),
    line: String(c.route ?? ''),
  };
  parties.forEach((p, i) => {
    if (PARTY_KEYS[i]) values[`${PARTY_KEYS[i]}.name`] = partyName(p);
  });
  return values;
}

/** Fills an online contract's template into its draft PDF (kept as a file, the contract pointing at it). */
export async function generateDraft(trx: Knex.Transaction, contractId: number, actor: Actor, t: TFunction): Promise<void> {
  const c = await trx(CONTRACT_TABLE).where({ id: contractId }).first();
  const tpl = await templateVersion(trx, Number(c.template_id), c.template_version);
  if (!tpl) throw new FieldError({ templateId: t(`${K}.msg.templateMissing`) });
  const parties = await partiesOf(trx, contractId);
  const lang = (LANGS.includes(tpl.lang as Lang) ? tpl.lang : 'zh') as Lang;
  if (tpl.type === 'standard' && parties.length > tpl.shape.slots.length) throw new FieldError({ parties: t(`${K}.msg.tooManyForTemplate`, { max: tpl.shape.slots.length }) });
  const pdf = tpl.type === 'standard' ? (await fillTemplate(tpl.pdf, fillValues(c, parties, lang), { lang, unknown: 'report' })).pdf : Buffer.from(tpl.pdf);
  await keepVersion(trx, c, pdf, 'generated', actor, `${c.contract_no}.pdf`);
}

/** Stores a version of the contract's PDF and points the contract at it. */
async function keepVersion(knex: Knex, c: Row, pdf: Uint8Array, stage: string, actor: Actor | null, name = `${c.contract_no}.pdf`): Promise<{ fileId: number; hash: string }> {
  const file = await saveFile(knex, { name, ext: 'pdf', bytes: pdf, resource: CONTRACT_RESOURCE, recordId: Number(c.id), createdBy: actor?.user.id ?? 0, createdByName: actor?.user.username ?? null });
  const hash = sha256(pdf);
  await knex('ctr_document').insert({ contract_id: Number(c.id), file_id: file.id, sha256: hash, stage, created_at: new Date() });
  await knex(CONTRACT_TABLE).where({ id: Number(c.id) }).update({ file_id: file.id, file_hash: hash });
  return { fileId: file.id, hash };
}

/** Where party `seq` seals: its template slot (a square centred on it), or a row at the foot of the last page. */
async function sealPlace(knex: Knex, c: Row, seq: number, pdf: Buffer): Promise<{ page: number; rect: [number, number, number, number] }> {
  const tpl = c.template_id ? await templateVersion(knex, Number(c.template_id), c.template_version as number | null) : null;
  const slot = tpl?.type === 'standard' ? tpl.shape.slots.find((s) => s.party === seq) : undefined;
  if (slot) return { page: slot.page, rect: square(slot.rect) };
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const x = 56 + (seq - 1) * 120;
  return { page: doc.getPageCount() - 1, rect: [x, 40, x + 100, 140] };
}

function square(r: Rect): [number, number, number, number] {
  const side = Math.min(110, Math.max(r.width, r.height));
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  return [cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2];
}

/** Sends a draft for signing: the first party's turn. Called by the `send` transition. */
export async function startSigning(trx: Knex.Transaction, c: Row, actor: Actor): Promise<void> {
  await trx('ctr_party').where({ contract_id: Number(c.id) }).update({ status: 'pending' });
  await addEvent(trx, Number(c.id), 'sent', actor);
}

function refuse(message: string, status = 400): never {
  throw new ApiError(message, CODE.ERROR, status);
}

/** The user's party of a contract being signed, checked for its turn: refusals name why. */
async function turnOf(knex: Knex, c: Row, user: SessionUser, t: TFunction): Promise<{ party: Row; parties: Row[] }> {
  if (c.status !== 'signing') refuse(t(`${K}.msg.notSigning`));
  const own = await enterpriseIdOfUser(knex, user);
  const parties = await partiesOf(knex, Number(c.id));
  const party = parties.find((p) => own !== null && Number(p.enterprise_id) === own);
  if (!party) refuse(t(`${K}.msg.notYourContract`), 403);
  if (party.status !== 'pending' || Number(c.next_seq) !== Number(party.seq)) {
    const next = parties.find((p) => Number(p.seq) === Number(c.next_seq));
    refuse(party.status === 'signed' ? t(`${K}.msg.alreadySigned`) : t(`${K}.msg.notYourTurn`, { name: next ? partyName(next) : '-' }));
  }
  return { party, parties };
}

async function checkPassword(knex: Knex, user: SessionUser, password: string, t: TFunction): Promise<void> {
  const row = await knex('sys_user').where({ id: user.id }).first('password_hash');
  if (!password || !row || !(await verifyPassword(String(row.password_hash), password))) throw new FieldError({ password: t(`${K}.msg.wrongPassword`) });
}

/**
 * Party's signature: password re-entered, one of its enterprise's enabled seals, its turn. The
 * last signature completes the contract (certificate page, platform seal, status normal).
 */
export async function signContract(knex: Knex, p: { id: number; actor: Actor; password: string; sealId: number; t: TFunction; origin: string }): Promise<{ status: string }> {
  const { actor, t } = p;
  const c = await contractFor(knex, actor.user, p.id, t);
  const { party, parties } = await turnOf(knex, c, actor.user, t);
  await checkPassword(knex, actor.user, p.password, t);
  const seal = await knex('ctr_seal').where({ id: p.sealId, enterprise_id: Number(party.enterprise_id), status: 'enabled' }).first();
  if (!seal) throw new FieldError({ sealId: t(`${K}.msg.sealRequired`) });
  const image = seal.image_file_id ? await storedFile(knex, Number(seal.image_file_id)) : null;
  if (!image) throw new FieldError({ sealId: t(`${K}.msg.sealRequired`) });
  // A key made under another secret cannot be read: refused like a missing certificate.
  const signer = await enterpriseSigner(knex, Number(party.enterprise_id)).catch(() => null);
  if (!signer) refuse(t(`${K}.msg.noCertificate`));
  const current = await storedFile(knex, Number(c.file_id));
  if (!current || sha256(current.bytes) !== c.file_hash) refuse(t(`${K}.msg.fileMissing`), 500);
  const seq = Number(party.seq);
  const place = await sealPlace(knex, c, seq, current.bytes);
  const now = new Date();
  const signed = await signPdf(current.bytes, {
    p12: signer.p12,
    passphrase: signer.passphrase,
    reason: tFor('en')(`${K}.signReason`, { no: c.contract_no }),
    location: 'China-Myanmar Port Service Platform',
    name: signer.name,
    signingTime: now,
    contactInfo: actor.user.username,
    appearance: { ...place, png: image.bytes },
  });
  const last = seq === Math.max(...parties.map((x) => Number(x.seq)));
  await knex.transaction(async (trx) => {
    const claimed = await trx(CONTRACT_TABLE)
      .where({ id: Number(c.id), status: 'signing', next_seq: seq, file_hash: c.file_hash })
      .update({ next_seq: last ? null : seq + 1, updated_at: now, updated_by: actor.user.id, version: trx.raw('version + 1') });
    if (!claimed) refuse(t(`${K}.msg.changedMeanwhile`), 409);
    await keepVersion(trx, c, signed, `signed-${seq}`, actor);
    await trx('ctr_party')
      .where({ id: Number(party.id) })
      .update({ status: 'signed', signer_user_id: actor.user.id, signer_name: String(actor.user.nickname || actor.user.username), seal_id: Number(seal.id), signed_at: now, ip: actor.ip });
    await addEvent(trx, Number(c.id), 'signed', actor, { enterpriseName: partyName(party) });
    await writeAudit(trx, { resource: CONTRACT_RESOURCE, recordId: Number(c.id), action: 'sign', actor, before: { [`party${seq}`]: 'pending' }, after: { [`party${seq}`]: 'signed' }, summary: partyName(party) });
  });
  if (!last) return { status: 'signing' };
  try {
    await completeContract(knex, Number(c.id), p.origin);
  } catch (e) {
    // The signatures are kept; the daily job completes it (certificate page, platform seal).
    console.error(`contracts: completing ${String(c.contract_no)} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const after = await knex(CONTRACT_TABLE).where({ id: Number(c.id) }).first('status');
  return { status: String(after?.status ?? 'signing') };
}

/** A party refuses to sign, with its reason: the contract is abnormal and signing stops. */
export async function rejectContract(knex: Knex, p: { id: number; actor: Actor; reason: string; t: TFunction }): Promise<void> {
  const { actor, t } = p;
  const reason = p.reason.trim();
  if (!reason) throw new FieldError({ reason: t('core:resource.required', { field: t(`${K}.field.rejectReason`) }) });
  if (reason.length > 500) throw new FieldError({ reason: t('core:resource.tooLong', { field: t(`${K}.field.rejectReason`), max: 500 }) });
  const c = await contractFor(knex, actor.user, p.id, t);
  const { party } = await turnOf(knex, c, actor.user, t);
  await knex.transaction(async (trx) => {
    const claimed = await trx(CONTRACT_TABLE)
      .where({ id: Number(c.id), status: 'signing', next_seq: Number(party.seq) })
      .update({ status: 'abnormal', abnormal_reason: reason, next_seq: null, updated_at: new Date(), updated_by: actor.user.id, version: trx.raw('version + 1') });
    if (!claimed) refuse(t(`${K}.msg.changedMeanwhile`), 409);
    await trx('ctr_party').where({ id: Number(party.id) }).update({ status: 'rejected', reject_reason: reason, signer_user_id: actor.user.id, signer_name: String(actor.user.nickname || actor.user.username), signed_at: new Date(), ip: actor.ip });
    await addEvent(trx, Number(c.id), 'rejected', actor, { enterpriseName: partyName(party), note: reason });
    await writeAudit(trx, { resource: CONTRACT_RESOURCE, recordId: Number(c.id), action: 'transition:reject', actor, before: { status: 'signing' }, after: { status: 'abnormal' }, note: reason, summary: partyName(party) });
  });
}

/** The address of the verification page for a document hash. */
export const verifyUrl = (origin: string, hash: string) => `${(process.env.PUBLIC_URL || origin).replace(/\/$/, '')}/contract/signingCeremony?hash=${hash}`;

/**
 * Completes a contract all of whose parties have signed: the certificate page appended as an
 * incremental update, sealed by the platform; status normal. Safe to run again (the daily job
 * finishes one whose completion was interrupted).
 */
export async function completeContract(knex: Knex, contractId: number, origin: string): Promise<void> {
  const c = await knex(CONTRACT_TABLE).where({ id: contractId }).first();
  if (!c || c.status !== 'signing' || c.next_seq !== null) return;
  const parties = await partiesOf(knex, contractId);
  if (parties.some((p) => p.status !== 'signed')) return;
  const current = await storedFile(knex, Number(c.file_id));
  if (!current) return;
  const signedHash = sha256(current.bytes);
  const tpl = c.template_id ? await knex('ctr_template').where({ id: Number(c.template_id) }).first('lang') : null;
  const lang = (LANGS.includes(tpl?.lang) ? tpl.lang : 'zh') as Lang;
  const events: Row[] = await knex('ctr_event').where({ contract_id: contractId }).orderBy('id');
  // The day the contract is signed (签订日期): the day its last party signed, unless it was given; on the certificate page and in the row.
  const signedDate = dayText(c.signed_date) ?? todayIso();
  const page = await certificatePage({ c, parties, events, hash: signedHash, url: verifyUrl(origin, signedHash), lang, signedDate });
  const withPage = await updatePdfIncrementally(current.bytes, async (doc) => {
    const [copied] = await doc.copyPages(await PDFDocument.load(page), [0]);
    doc.addPage(copied);
  });
  const platform = await platformSigner(knex);
  const final = await signPdf(withPage, { p12: platform.p12, passphrase: platform.passphrase, reason: tFor('en')(`${K}.certificate.sealReason`), location: 'China-Myanmar Port Service Platform', name: platform.name });
  const now = new Date();
  await knex.transaction(async (trx) => {
    const claimed = await trx(CONTRACT_TABLE)
      .where({ id: contractId, status: 'signing', file_hash: c.file_hash })
      .update({ status: 'normal', completed_at: now, signed_date: signedDate, updated_at: now, version: trx.raw('version + 1') });
    if (!claimed) return;
    await keepVersion(trx, c, final, 'final', null);
    await addEvent(trx, contractId, 'completed', null);
    await writeAudit(trx, { resource: CONTRACT_RESOURCE, recordId: contractId, action: 'transition:complete', actor: null, before: { status: 'signing' }, after: { status: 'normal' } });
  });
}

// ----- the certificate page -----------------------------------------------------------------

const W = 595.28;
const H = 841.89;
const X = 48;

interface CertificateInput {
  c: Row;
  parties: Row[];
  events: Row[];
  hash: string;
  url: string;
  lang: Lang;
  /** 签订日期, YYYY-MM-DD. */
  signedDate: string;
}

/** The certificate page (one A4 page, its own PDF): in the contract's language with English beside. */
export async function certificatePage(p: CertificateInput): Promise<Uint8Array> {
  const t = tFor(p.lang);
  const en = tFor('en');
  const both = (key: string) => (p.lang === 'en' ? en(key) : `${t(key)} / ${en(key)}`);
  const { doc, done } = await openPdf({ Title: t(`${K}.certificate.title`), Producer: 'contracts' }, p.lang === 'my');
  doc.addPage({ size: [W, H], margin: 0 });
  let y = 48;
  setFont(doc, 16, true);
  put(doc, both(`${K}.certificate.title`), X, y, W - 2 * X, 'center');
  y += 34;
  /** Text wrapped into a box `width` wide from (x, top), `lineH` apart; answers the lines drawn. Nothing is cut: a label in Burmese and English takes two lines where it needs them. */
  const block = (s: string, x: number, top: number, width: number, lineH: number) => {
    const rows = wrap(doc, s, width);
    rows.forEach((r, i) => put(doc, r, x, top + i * lineH, width));
    return Math.max(1, rows.length);
  };
  const LABEL = 150;
  const line = (label: string, value: string) => {
    setFont(doc, 9.5, true);
    const labels = block(label, X, y, LABEL - 8, 13);
    setFont(doc, 9.5);
    // Clear of the QR code at the top right.
    const values = block(value, X + LABEL, y, W - 2 * X - 290, 13);
    y += Math.max(labels, values) * 13 + 4;
  };
  line(both(`${K}.field.contractNo`), String(p.c.contract_no));
  line(both(`${K}.field.contractTitle`), String(p.c.title));
  line(both(`${K}.field.signedDate`), p.signedDate);
  line(both(`${K}.certificate.hash`), `SHA-256 ${p.hash}`);
  line(both(`${K}.certificate.completedAt`), formatDateTime(new Date()));
  const qr = await QRCode.toBuffer(p.url, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  doc.image(qr, W - X - 110, 78, { width: 110, height: 110 });
  setFont(doc, 7);
  put(doc, t(`${K}.certificate.scan`), W - X - 130, 192, 150, 'center');
  y = Math.max(y, 210) + 8;
  /** A table row: each cell wrapped in its column (the next column's start less a gap); answers its height. */
  const tableRow = (cells: string[], cols: number[], lineH: number) => {
    const lines = cells.map((s, i) => block(s, cols[i], y, (cols[i + 1] ?? W - X + 6) - cols[i] - 6, lineH));
    return Math.max(...lines) * lineH;
  };

  setFont(doc, 11, true);
  put(doc, both(`${K}.certificate.parties`), X, y, W - 2 * X);
  y += 18;
  const cols = [X, X + 190, X + 290, X + 410];
  setFont(doc, 8.5, true);
  y += tableRow([t(`${K}.field.enterprise`), t(`${K}.field.signer`), t(`${K}.field.signedAt`), t(`${K}.certificate.ip`)], cols, 12) + 2;
  setFont(doc, 8.5);
  for (const party of p.parties) {
    y += tableRow([`${party.seq}. ${partyName(party)}`, String(party.signer_name ?? ''), party.signed_at ? formatDateTime(party.signed_at) : '', String(party.ip ?? '')], cols, 12) + 1;
    if (party.cert_serial) {
      setFont(doc, 7);
      put(doc, `${t(`${K}.certificate.certSerial`)}: ${party.cert_serial}`, cols[0] + 10, y, W - 2 * X - 10);
      setFont(doc, 8.5);
      y += 12;
    }
  }
  y += 10;
  setFont(doc, 11, true);
  put(doc, both(`${K}.certificate.events`), X, y, W - 2 * X);
  y += 18;
  const ecols = [X, X + 100, X + 230, X + 410];
  setFont(doc, 8.5, true);
  y += tableRow([t(`${K}.certificate.time`), t(`${K}.certificate.event`), t(`${K}.certificate.by`), t(`${K}.certificate.ip`)], ecols, 12) + 2;
  setFont(doc, 7.5);
  const foot = wrap(doc, t(`${K}.certificate.footer`), W - 2 * X);
  const footTop = H - 36 - foot.length * 11;
  setFont(doc, 8.5);
  for (const e of p.events) {
    if (y > footTop - 30) break;
    y += tableRow([formatDateTime(e.at), t(`${K}.event.${e.kind}`), [e.enterprise_name, e.username].filter(Boolean).join(' · ') || t(`${K}.certificate.platform`), String(e.ip ?? '')], ecols, 12) + 1;
  }
  setFont(doc, 7.5);
  foot.forEach((r, i) => put(doc, r, X, footTop + i * 11, W - 2 * X));
  doc.end();
  return done;
}

