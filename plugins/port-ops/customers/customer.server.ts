// Customers on the server: a shipper's login sees only the customer it belongs to (read-only,
// by the grants), platform users all; a login account belongs to one customer at most.
import type { Knex } from 'knex';
import { FieldError, documentResource, tableLookup, type LookupDef } from '@core/server';
import type { SessionUser } from '@core/shared';
import { customerDocument } from './customer';
import { DRIVER_ROLE, FLEET_ROLE } from '../fleet/fleet';
import { K, isPlatform } from './common';

export const CUSTOMER_TABLE = 'ops_customer';

/** The customer ids a non-platform user may see: those whose login they are. */
export const ownCustomerIds = (knex: Knex, user: SessionUser) => knex(CUSTOMER_TABLE).where('user_id', user.id).select('id');

export const customerResource = documentResource(customerDocument, {
  restrict(qb, user) {
    if (!isPlatform(user)) qb.where(`${CUSTOMER_TABLE}.user_id`, user.id);
  },
  async validate(input, { trx, t, before }) {
    if (!input.userId) return;
    const user = await trx('sys_user')
      .where({ id: Number(input.userId) })
      .first('id');
    if (!user) throw new FieldError({ userId: t(`${K}.customer.msg.unknownLogin`) });
    const other = await trx(CUSTOMER_TABLE)
      .where({ user_id: Number(input.userId) })
      .whereNot('id', Number(before?.id ?? 0))
      .first('name');
    if (other)
      throw new FieldError({
        userId: t(`${K}.customer.msg.loginTaken`, { name: other.name }),
      });
  },
  toDb(_input, { op }, defaults) {
    return op === 'create' ? { ...defaults, status: 'normal' } : defaults;
  },
});

export const customerLookups: Record<string, LookupDef> = {
  /**
   * Customers as a picker (`portops.customers`); a shipper's login is offered only its own, a
   * carrier's (fleet or driver) the customers its fleet has orders or waybills of (what it
   * dispatches for and sees on its waybills).
   */
  customers: tableLookup({
    table: CUSTOMER_TABLE,
    value: 'id',
    label: 'name',
    orderBy: 'name',
    // Its own `where` is the scope: the customer resource's keeps a record to its login, which
    // would leave a fleet's waybill form with no customer to pick (or to fill from its order).
    scoped: false,
    where: (q, user, knex) => {
      if (isPlatform(user as SessionUser)) return;
      if (!user.roles.some((r) => r.roleCode === FLEET_ROLE || r.roleCode === DRIVER_ROLE)) return void q.where('user_id', user.id);
      const fleets = knex.select('id').from('ops_fleet').where({ user_id: user.id }).union((u) => u.select('fleet_id').from('ops_driver').where({ user_id: user.id }));
      q.where((w) =>
        w
          .where('user_id', user.id)
          .orWhereIn('id', knex('ops_fleet_order').whereIn('fleet_id', fleets.clone()).select('customer_id'))
          .orWhereIn('id', knex('ops_waybill').whereIn('fleet_id', fleets.clone()).select('customer_id')),
      );
    },
  }),
  /** Logins a customer may be linked to: the outside users (not platform staff). */
  customerLogins: tableLookup({
    table: 'sys_user',
    value: 'id',
    label: '{nickname} ({username})',
    where: (q) => q.whereIn('user_type', [1, 2, 4, 5]),
    orderBy: 'username',
  }),
};
