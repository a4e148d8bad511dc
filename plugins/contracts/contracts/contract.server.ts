// Contracts on the server: numbers (HT + day + id), a party sees only the contracts its
// enterprise is a party to (the platform all), a draft is (re)filled from its template version on
// every save, an offline contract is filed normal with its scan, and sending starts the signing.
import type { Knex } from 'knex';
import { FieldError, claimUpload, documentResource, filesOf, releaseUploads, saveLines, storedFile, toDate, type Row } from '@core/server';
import { dayStamp, type SessionUser } from '@core/shared';
import { ENTERPRISE_TABLE, isPlatform, ownEnterpriseIds } from '../common';
import { TEMPLATE_TABLE } from '../templates/contractTemplate.server';
import { K, contractDocument } from './contract';
import { CONTRACT_RESOURCE, CONTRACT_TABLE, addEvent, generateDraft, sha256, startSigning } from './signing.server';

export const contractNo = (id: number, created: Date) => `HT${dayStamp(created)}${String(id % 1_000_000).padStart(6, '0')}`;

/** The contracts the user's enterprise is a party to (a subquery of ids). */
export const partyContractIds = (knex: Knex, user: SessionUser) => knex('ctr_party').whereIn('enterprise_id', ownEnterpriseIds(knex, user)).select('contract_id');

export function restrictContracts(qb: Knex.QueryBuilder, user: SessionUser, knex: Knex): void {
  if (!isPlatform(user)) qb.whereIn(`${CONTRACT_TABLE}.id`, partyContractIds(knex, user));
}

/** Each contract's parties in signing order, with how far each has got (the list, the sign dialog, the detail). */
export async function decorateParties(rows: Row[], knex: Knex): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return;
  const parties: Row[] = await knex('ctr_party as p').leftJoin(`${ENTERPRISE_TABLE} as e`, 'e.id', 'p.enterprise_id').whereIn('p.contract_id', ids).orderBy([{ column: 'p.contract_id' }, { column: 'p.seq' }]).select('p.*', 'e.name as current_name');
  for (const r of rows) {
    const mine = parties.filter((p) => Number(p.contract_id) === Number(r.id));
    r.signing = mine.map((p) => ({
      seq: Number(p.seq),
      enterpriseId: Number(p.enterprise_id),
      name: String(p.enterprise_name ?? p.current_name ?? ''),
      status: String(p.status),
      signerName: p.signer_name ?? null,
      signedAt: toDate(p.signed_at)?.toISOString() ?? null,
      rejectReason: p.reject_reason ?? null,
    }));
    r.partyNames = (r.signing as Row[]).map((p) => p.name).join(' · ');
    const next = (r.signing as Row[]).find((p) => Number(p.seq) === Number(r.nextSeq));
    r.nextSigner = r.status === 'signing' && next ? next.name : null;
  }
}

export const contractResource = documentResource(contractDocument, {
  restrict: restrictContracts,
  async decorate(rows, knex) {
    await decorateParties(rows, knex);
    const ids = rows.map((r) => Number(r.id));
    const files = await filesOf(knex, CONTRACT_RESOURCE, ids);
    const events: Row[] = ids.length ? await knex('ctr_event').whereIn('contract_id', ids).orderBy('id') : [];
    for (const r of rows) {
      r.events = events
        .filter((e) => Number(e.contract_id) === Number(r.id))
        .map((e) => ({ kind: e.kind, at: toDate(e.at)?.toISOString() ?? null, username: e.username ?? null, enterpriseName: e.enterprise_name ?? null, ip: e.ip ?? null, note: e.note ?? null }));
      const scan = files.find((x) => x.id === Number(r.attachmentFileId));
      r.attachment = scan ? { id: scan.id, name: scan.name } : null;
      r.hasPdf = !!r.fileId;
    }
  },
  async validate(input, { trx, t, before }) {
    if (input.type === 'online' && (!before || Number(before.templateId) !== Number(input.templateId))) {
      const tpl = await trx(TEMPLATE_TABLE).where({ id: Number(input.templateId) }).first('status');
      if (!tpl || tpl.status !== 'enabled') throw new FieldError({ templateId: t(`${K}.msg.templateDisabled`) });
    }
    const ids = (input.parties as { enterpriseId: number }[]).map((p) => Number(p.enterpriseId));
    const known = (await trx(ENTERPRISE_TABLE).whereIn('id', ids).where({ status: 'enabled' }).pluck('id')).map(Number);
    ids.forEach((id, i) => {
      if (!known.includes(id)) throw new FieldError({ [`parties.${i}.enterpriseId`]: t(`${K}.msg.unknownEnterprise`) });
    });
  },
  async toDb(input, { op, actor, trx, before }, defaults) {
    const values: Row = { ...defaults };
    if (input.type === 'offline') values.template_id = null;
    if (input.type === 'online' && (!before || Number(before.templateId) !== Number(input.templateId))) {
      values.template_version = Number((await trx(TEMPLATE_TABLE).where({ id: Number(input.templateId) }).first('current_version')).current_version);
    }
    if (op !== 'create') return values;
    const initiator = await trx('sys_user').where({ id: actor.user.id }).first('company_name', 'nickname');
    return {
      ...values,
      // The number needs the row id (afterWrite); a unique placeholder until then.
      contract_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
      status: input.type === 'offline' ? 'normal' : 'draft',
      initiator_user_id: actor.user.id,
      initiator_name: String(initiator?.company_name || initiator?.nickname || actor.user.username),
    };
  },
  async afterWrite(id, input, ctx) {
    const { trx, actor, t, op } = ctx;
    if (op === 'create') await trx(CONTRACT_TABLE).where({ id }).update({ contract_no: contractNo(id, new Date()) });
    // The parties now (the kit saves them after this hook, again, finding nothing to change): the draft names them.
    await saveLines(contractDocument, trx, id, input);
    // Names as they were when the contract was made (the certificate page shows them).
    const parties: Row[] = await trx('ctr_party').where({ contract_id: id }).select('id', 'enterprise_id');
    for (const p of parties) {
      const e = await trx(ENTERPRISE_TABLE).where({ id: Number(p.enterprise_id) }).first('name');
      await trx('ctr_party').where({ id: Number(p.id) }).update({ enterprise_name: e?.name ?? null });
    }
    const scanId = input.attachmentFileId ? Number(input.attachmentFileId) : null;
    await claimUpload(trx, { resource: CONTRACT_RESOURCE, recordId: id, fileIds: scanId, user: actor.user, t, field: 'attachmentFileId' });
    if (op === 'create') await addEvent(trx, id, 'created', actor);
    if (input.type === 'online') {
      await generateDraft(trx, id, actor, t);
      await addEvent(trx, id, 'generated', actor);
    } else if (scanId) {
      const scan = await storedFile(trx, scanId);
      if (scan) {
        await trx('ctr_document').insert({ contract_id: id, file_id: scanId, sha256: sha256(scan.bytes), stage: 'offline', created_at: new Date() });
        await trx(CONTRACT_TABLE).where({ id }).update({ file_id: scanId, file_hash: sha256(scan.bytes) });
      }
    }
  },
  async beforeTransition(rows, transition, { t }) {
    if (transition === 'send') {
      for (const r of rows) if (!r.fileId) throw new FieldError({ title: t(`${K}.msg.noDraft`) });
      return () => ({ next_seq: 1, sent_at: new Date() });
    }
    if (transition === 'markAbnormal') return () => ({ next_seq: null });
  },
  async afterTransition(rows, transition, { trx, actor, note }) {
    for (const r of rows) {
      if (transition === 'send') await startSigning(trx, r, actor);
      if (transition === 'markAbnormal') await addEvent(trx, Number(r.id), 'abnormal', actor, { note });
    }
  },
  async beforeDelete(rows, { trx }) {
    const ids = rows.map((r) => Number(r.id));
    await trx('ctr_event').whereIn('contract_id', ids).delete();
    await trx('ctr_document').whereIn('contract_id', ids).delete();
    await releaseUploads(trx, CONTRACT_RESOURCE, ids);
  },
});
