// GET /api/contracts/contract/{id}/pdf[?download=1]: the contract's PDF as it stands (the draft,
// each party's signed version, the completed one with its certificate page; an offline
// contract's scan), for the platform and the contract's parties. A party opening it is "viewed".
import { ApiError, CODE, api, download, storedFile } from '@core/server';
import { CONTRACT_PERMS, enterpriseIdOfUser, isPlatform } from '../../common';
import { addEvent, contractFor } from '../signing.server';

export const loader = api({ permission: CONTRACT_PERMS.list }, async ({ request, params, knex, user, actor, t }) => {
  const c = await contractFor(knex, user, Number(params.id), t);
  const file = c.file_id ? await storedFile(knex, Number(c.file_id)) : null;
  if (!file) throw new ApiError(t('core:files.missing'), CODE.NOT_FOUND, 404);
  if (!isPlatform(user)) {
    const own = await enterpriseIdOfUser(knex, user);
    const party = await knex('ctr_party').where({ contract_id: Number(c.id), enterprise_id: own }).first('enterprise_name');
    const seen = await knex('ctr_event').where({ contract_id: Number(c.id), kind: 'viewed', user_id: user.id }).first('id');
    if (party && !seen) await addEvent(knex, Number(c.id), 'viewed', actor, { enterpriseName: party.enterprise_name });
  }
  const asked = new URL(request.url).searchParams.get('download') === '1';
  return download(file.bytes, `${c.contract_no}.pdf`, 'application/pdf', asked ? 'attachment' : 'inline');
});
