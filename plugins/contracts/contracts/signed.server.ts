// Signed documents on the server: the contracts with a signature of the user's enterprise (the
// platform: every contract someone has signed), with when its side signed (the platform: the
// latest signature).
import { serverResource } from '@core/server';
import { isPlatform, ownEnterpriseIds } from '../common';
import { signedDef } from './signed';
import { decorateParties } from './contract.server';

export const signedResource = serverResource(signedDef, {
  query: (knex) => knex('ctr_contract').select('ctr_contract.*'),
  restrict(qb, user, knex) {
    const signed = knex('ctr_party').where('status', 'signed').select('contract_id');
    const at = knex('ctr_party as sp').max('sp.signed_at').whereRaw('sp.contract_id = ctr_contract.id').where('sp.status', 'signed');
    if (!isPlatform(user)) {
      signed.whereIn('enterprise_id', ownEnterpriseIds(knex, user));
      at.whereIn('sp.enterprise_id', ownEnterpriseIds(knex, user));
    }
    qb.whereIn('ctr_contract.id', signed).select(at.as('my_signed_at'));
  },
  decorate: decorateParties,
});
