// The daily contract job: normal contracts past their expiry date become expired; parties are
// warned once, 30 days before expiry (an event on the contract, and the top-bar badge of
// contracts expiring soon that each party sees for its own); a contract whose signing completed
// but whose certificate page was interrupted is completed; a signed contract whose signatures no
// longer verify is marked abnormal.
import type { Knex } from 'knex';
import { dayText, storedFile, writeAudit } from '@core/server';
import { defineJob, todayIso, type BadgeDef, type SessionUser } from '@core/shared';
import { isPlatform } from '../common';
import { trustedRoots } from '../seals/keys.server';
import { verifyPdf } from '../signing/verify.server';
import { K } from './contract';
import { partyContractIds } from './contract.server';
import { CONTRACT_RESOURCE, CONTRACT_TABLE, addEvent, completeContract, sha256 } from './signing.server';

export const EXPIRY_WARNING_DAYS = 30;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface ExpiryRun {
  expired: string[];
  warned: string[];
  completed: string[];
  abnormal: string[];
}

/** Whether a completed contract's PDF still verifies: unchanged since it was kept, and every signature valid and trusted. */
export async function stillVerifies(knex: Knex, c: Record<string, unknown>): Promise<boolean> {
  const file = await storedFile(knex, Number(c.file_id));
  if (!file || sha256(file.bytes) !== c.file_hash) return false;
  const report = await verifyPdf(file.bytes, await trustedRoots(knex));
  return report.signatures.length > 0 && report.signatures.every((s) => s.valid && s.trusted);
}

export async function runContractJob(knex: Knex, today = todayIso(), origin = 'http://localhost:3000'): Promise<ExpiryRun> {
  const run: ExpiryRun = { expired: [], warned: [], completed: [], abnormal: [] };
  const due: Record<string, unknown>[] = await knex(CONTRACT_TABLE).where({ status: 'normal' }).where('expiry_date', '<', today).select('id', 'contract_no');
  for (const c of due) {
    const n = await knex(CONTRACT_TABLE).where({ id: Number(c.id), status: 'normal' }).update({ status: 'expired', updated_at: new Date(), version: knex.raw('version + 1') });
    if (!n) continue;
    await addEvent(knex, Number(c.id), 'expired', null);
    await writeAudit(knex, { resource: CONTRACT_RESOURCE, recordId: Number(c.id), action: 'transition:expire', actor: null, before: { status: 'normal' }, after: { status: 'expired' } });
    run.expired.push(String(c.contract_no));
  }
  const soon: Record<string, unknown>[] = await knex(CONTRACT_TABLE).where({ status: 'normal' }).whereNull('warned_on').whereBetween('expiry_date', [today, addDays(today, EXPIRY_WARNING_DAYS)]).select('id', 'contract_no', 'expiry_date');
  for (const c of soon) {
    await knex(CONTRACT_TABLE).where({ id: Number(c.id) }).update({ warned_on: today });
    await addEvent(knex, Number(c.id), 'expiryWarning', null, { note: dayText(c.expiry_date) });
    run.warned.push(String(c.contract_no));
  }
  const stuck: Record<string, unknown>[] = await knex(CONTRACT_TABLE).where({ status: 'signing' }).whereNull('next_seq').select('id', 'contract_no');
  for (const c of stuck) {
    await completeContract(knex, Number(c.id), origin);
    if ((await knex(CONTRACT_TABLE).where({ id: Number(c.id) }).first('status'))?.status === 'normal') run.completed.push(String(c.contract_no));
  }
  const signed: Record<string, unknown>[] = await knex(CONTRACT_TABLE).where({ status: 'normal', type: 'online' }).whereNotNull('completed_at').select('id', 'contract_no', 'file_id', 'file_hash');
  for (const c of signed) {
    if (await stillVerifies(knex, c)) continue;
    const n = await knex(CONTRACT_TABLE).where({ id: Number(c.id), status: 'normal' }).update({ status: 'abnormal', abnormal_reason: 'signature verification failed', updated_at: new Date(), version: knex.raw('version + 1') });
    if (!n) continue;
    await addEvent(knex, Number(c.id), 'abnormal', null, { note: 'signature verification failed' });
    await writeAudit(knex, { resource: CONTRACT_RESOURCE, recordId: Number(c.id), action: 'transition:markAbnormal', actor: null, before: { status: 'normal' }, after: { status: 'abnormal' } });
    run.abnormal.push(String(c.contract_no));
  }
  return run;
}

export const contractJob = defineJob({
  name: 'contracts.daily',
  titleKey: `${K}.job`,
  cron: '0 20 1 * * *',
  // Marking twice is harmless but wasteful; a missed day leaves expired contracts looking valid.
  exclusive: true,
  catchUp: true,
  async process({ knex }) {
    const r = await runContractJob(knex);
    const list = (xs: string[]) => (xs.length ? xs.join(', ') : '-');
    return `expired: ${list(r.expired)}; warned (expiring within ${EXPIRY_WARNING_DAYS} days): ${list(r.warned)}; completed: ${list(r.completed)}; abnormal: ${list(r.abnormal)}`;
  },
});

/** Normal contracts of the user's enterprise (all, for the platform) expiring within 30 days. */
function expiringSoon(knex: Knex, user: SessionUser) {
  const today = todayIso();
  const q = knex(CONTRACT_TABLE).where({ status: 'normal' }).whereBetween('expiry_date', [today, addDays(today, EXPIRY_WARNING_DAYS)]);
  if (!isPlatform(user)) q.whereIn('id', partyContractIds(knex, user));
  return q;
}

export const expiryBadge: BadgeDef = {
  key: 'contractExpiry',
  titleKey: `${K}.badge`,
  icon: 'Gavel',
  order: 60,
  permissions: ['contracts:contract:list'],
  async count(ctx, user) {
    const r = await expiringSoon(ctx.knex, user as SessionUser).count({ n: '*' }).first();
    return Number(r?.n ?? 0);
  },
  list: {
    columns: [
      { field: 'contractNo', labelKey: `${K}.field.contractNo` },
      { field: 'title', labelKey: `${K}.field.contractTitle` },
      { field: 'expiryDate', labelKey: `${K}.field.expiryDate` },
    ],
    async load(ctx, user, page, pageSize) {
      const base = expiringSoon(ctx.knex, user as SessionUser);
      const total = Number((await base.clone().count({ n: '*' }).first())?.n ?? 0);
      const rows: Record<string, unknown>[] = await base.clone().orderBy('expiry_date').offset((page - 1) * pageSize).limit(pageSize).select('contract_no', 'title', 'expiry_date');
      return { total, rows: rows.map((r) => ({ contractNo: r.contract_no, title: r.title, expiryDate: dayText(r.expiry_date) })) };
    },
    moreHref: '/contract/contractInquiry',
  },
};
