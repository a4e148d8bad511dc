// The blacklist on the server: the party's name copied at save from its own table (checking it
// exists), who listed it, lifting early, and blacklistRefusal() — what the other areas ask
// before giving a party new sources, orders or waybills.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { FieldError, defineLookup, serverResource, type LookupDef, dayText } from '@core/server';
import { isoDay, todayIso, type LookupOption } from '@core/shared';
import { blacklistDef, PARTY_TYPES, type PartyType } from './blacklist';
import { BLACKLIST_PERMISSIONS, K } from './common';

const TABLE = 'ops_blacklist';

/** Where each party type lives and which column names it (the one place that knows). */
export const PARTY_TABLES: Record<PartyType, { table: string; name: string; lookup: string }> = {
  customer: {
    table: 'ops_customer',
    name: 'name',
    lookup: 'portops.customers',
  },
  fleet: { table: 'ops_fleet', name: 'name', lookup: 'portops.fleets' },
  vehicle: {
    table: 'ops_vehicle',
    name: 'plate_no',
    lookup: 'portops.vehicles',
  },
  driver: { table: 'ops_driver', name: 'name', lookup: 'portops.drivers' },
};

/** The party's name, or null when there is no such party (or its area is not installed). */
export async function partyName(knex: Knex, type: PartyType, id: number): Promise<string | null> {
  const p = PARTY_TABLES[type];
  if (!p || !(await knex.schema.hasTable(p.table))) return null;
  const row = await knex(p.table).where({ id }).first(p.name);
  return row ? String(row[p.name]) : null;
}

/** A day as YYYY-MM-DD: a Date the caller passes is its local day; today is the display time zone's. */
const dayOf = (d: Date | string | undefined) => (d === undefined ? todayIso() : typeof d === 'string' ? d.slice(0, 10) : isoDay(d));

/** The entry barring the party on that day (default today), if any. */
export async function blacklistEntry(knex: Knex, party: { type: PartyType; id: number; on?: Date | string }) {
  const day = dayOf(party.on);
  return knex(TABLE)
    .where({ party_type: party.type, party_id: party.id, status: 'active' })
    .where('valid_from', '<=', day)
    .where((w) => w.whereNull('valid_to').orWhere('valid_to', '>=', day))
    .orderBy('valid_from', 'desc')
    .first();
}

/**
 * The refusal to give a blacklisted party new work, translated ("该车队已被列入黑名单：<reason>，
 * 至 <date>" / "…（长期）"), or null when the party is not on the blacklist that day.
 */
export async function blacklistRefusal(knex: Knex, t: TFunction, party: { type: PartyType; id: number; on?: Date | string }): Promise<string | null> {
  const entry = await blacklistEntry(knex, party);
  if (!entry) return null;
  const who = t(`${K}.party.${party.type}`);
  const until = dayText(entry.valid_to);
  return until
    ? t(`${K}.blacklist.msg.refusal`, {
        who,
        reason: entry.reason,
        date: until,
      })
    : t(`${K}.blacklist.msg.refusalOpen`, { who, reason: entry.reason });
}

export const blacklistResource = serverResource(blacklistDef, {
  async decorate(rows, knex) {
    if (!rows.length) return;
    const by: { id: number; nickname: string; username: string }[] = await knex(`${TABLE} as b`)
      .join('sys_user as u', 'u.id', 'b.created_by')
      .whereIn(
        'b.id',
        rows.map((r) => Number(r.id)),
      )
      .select('b.id', 'u.nickname', 'u.username');
    for (const r of rows) {
      const u = by.find((x) => Number(x.id) === Number(r.id));
      r.createdByName = u ? `${u.nickname} (${u.username})` : null;
    }
  },
  async validate(input, { trx, t }) {
    if (!(await partyName(trx, input.partyType as PartyType, Number(input.partyId)))) throw new FieldError({ partyId: t(`${K}.blacklist.msg.unknownParty`) });
  },
  async toDb(input, { trx, op }, defaults) {
    const values = {
      ...defaults,
      party_name: await partyName(trx, input.partyType as PartyType, Number(input.partyId)),
    };
    return op === 'create' ? { ...values, status: 'active' } : values;
  },
  async beforeTransition(_rows, name, { actor }) {
    if (name !== 'lift') return;
    // Lifted today: the entry ends now, whatever end it had.
    const today = todayIso();
    const now = new Date();
    return (row) => ({
      valid_to: row.validTo && String(dayText(row.validTo)) < today ? dayText(row.validTo) : today,
      lifted_at: now,
      lifted_by: actor.user.id,
    });
  },
});

/** Parties of every type as one dependent picker (parent: the type), from each type's own lookup where its area is installed. */
// Its options are those of each type's lookup, as the user may see them there (ctx.lookup
// applies their scope); the blacklist form offers them (its permissions are derived from its field).
export const blacklistParties: LookupDef = defineLookup({ for: [BLACKLIST_PERMISSIONS.list] }, async (ctx, user, search) => {
  const out: LookupOption[] = [];
  for (const type of PARTY_TYPES) {
    const options = await ctx.lookup(PARTY_TABLES[type].lookup, user, search);
    out.push(...options.map((o) => ({ value: o.value, label: o.label, parent: type })));
  }
  return out;
});
