// The contracts service other plugins call (core's CONTRACTS contract): a contract made from an
// enabled template by its code for enterprises named as registered, as a draft or sent at once,
// and its state. The caller's user needs the right to add contracts (and to send them).
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, createRow, toDate, transitionRows, type Row } from '@core/server';
import type { ContractState, ContractsService, SessionUser } from '@core/shared';
import { ENTERPRISE_TABLE } from '../common';
import { TEMPLATE_TABLE } from '../templates/contractTemplate.server';
import { K } from './contract';
import { contractResource } from './contract.server';
import { CONTRACT_TABLE, partiesOf } from './signing.server';

async function stateOf(knex: Knex, id: number): Promise<ContractState | null> {
  const c = await knex(CONTRACT_TABLE).where({ id }).first('id', 'contract_no', 'status');
  if (!c) return null;
  const parties = await partiesOf(knex, id);
  return {
    id: Number(c.id),
    contractNo: String(c.contract_no),
    status: String(c.status),
    parties: parties.map((p: Row) => ({ name: String(p.enterprise_name ?? p.current_name), status: p.status as 'pending' | 'signed' | 'rejected', signedAt: toDate(p.signed_at)?.toISOString() ?? null })),
  };
}

export const contractsService: ContractsService = {
  async createFromTemplate(knex, actor, request) {
    const t = actor.t as unknown as TFunction;
    const tpl = await knex(TEMPLATE_TABLE).where({ code: request.templateCode, status: 'enabled' }).first('id');
    if (!tpl) throw new ApiError(t(`${K}.msg.templateDisabled`));
    const enterprises: Row[] = await knex(ENTERPRISE_TABLE).whereIn('name', request.parties).select('id', 'name');
    const parties = request.parties.map((name) => {
      const e = enterprises.find((x) => x.name === name);
      if (!e) throw new ApiError(t(`${K}.msg.unknownEnterpriseNamed`, { name }));
      return { enterpriseId: Number(e.id) };
    });
    const who = { user: actor.user as SessionUser, ip: actor.ip };
    const row = await createRow(contractResource, who, { ...request, type: 'online', templateId: Number(tpl.id), parties }, t, { knex });
    if (request.send) await transitionRows(contractResource, who, [Number(row.id)], 'send', t, { knex });
    return (await stateOf(knex, Number(row.id)))!;
  },
  state: stateOf,
};
