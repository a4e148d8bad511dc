// The distribution of a published source across fleets (distributeSource): the fleets' facts read
// from the tables, the optimiser's proposal (assignment/optimiser.ts under the rules in scope),
// the operator's confirmation of the shares (as proposed or adjusted) creating one fleet order
// per share and assigning the source, and the job's re-offer of declined or expired shares.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, CODE, FieldError, getRow, toDate, transitionRows, writeAudit, type HookContext, type Row } from '@core/server';
import { dayStamp, formatDateTime, resourceKey } from '@core/shared';
import { activeRules } from '../assignment/dispatch.server';
import { optimise, type AssignmentResult, type Exclusion, type FleetFacts, type SourceInput } from '../assignment/optimiser';
import { blacklistRefusal } from '../customers/blacklist.server';
import { K, OFFER_HOURS, OPEN_ORDER_STATES, fleetOrderDef } from './source';
import { ORDER, SOURCE, lineVehicleTypes, loadingDay, sourceResource } from './source.server';

type Actor = HookContext['actor'];

const ORDER_KEY = resourceKey(fleetOrderDef);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether the dispatch area's waybill table is there with these columns (it is built alongside this area). */
async function waybillsWith(knex: Knex, columns: string[]): Promise<boolean> {
  if (!(await knex.schema.hasTable('ops_waybill'))) return false;
  for (const c of columns) if (!(await knex.schema.hasColumn('ops_waybill', c))) return false;
  return true;
}

/** Waybill states that no longer hold a vehicle. */
const RELEASED = ['unloaded', 'completed', 'cancelled'];
/** States of a waybill whose truck has loaded and is on its way (busy whatever its loading window said). */
const UNDER_WAY = ['loaded', 'inTransit', 'arrived'];

/**
 * Vehicles booked by waybills in the window [from, to]. The waybills are the dispatch area's
 * (`ops_waybill`, loading window as "YYYY-MM-DD HH:mm" text in platform time): a live waybill
 * holds its vehicle over its loading window, and from loading until it is unloaded. Until that
 * table exists no vehicle is booked (capacity comes from the vehicles alone).
 */
export async function bookedVehicleIds(knex: Knex, from: Date, to: Date): Promise<number[]> {
  if (!(await waybillsWith(knex, ['vehicle_id', 'status', 'loading_from', 'loading_to']))) return [];
  const text = (d: Date) => formatDateTime(d).slice(0, 16);
  const rows: Row[] = await knex('ops_waybill')
    .whereNotIn('status', RELEASED)
    .where('loading_from', '<=', text(to))
    .where((w) => w.where('loading_to', '>=', text(from)).orWhereIn('status', UNDER_WAY))
    .distinct('vehicle_id');
  return rows.map((r) => Number(r.vehicle_id));
}

/**
 * On-time and loss rates (%) per fleet over its unloaded waybills of the last 90 days: on time
 * when unloaded by its source's deadline, loss as tonnes lost of tonnes loaded. 100 / 0 for a
 * fleet without such waybills, and for all until the waybill table exists.
 */
export async function fleetHistory(knex: Knex, fleetIds: number[]): Promise<Map<number, { onTimeRate: number; lossRate: number }>> {
  const out = new Map(fleetIds.map((id) => [id, { onTimeRate: 100, lossRate: 0 }]));
  if (!fleetIds.length || !(await waybillsWith(knex, ['fleet_id', 'source_id', 'unloaded_at', 'loaded_net', 'loss_tonnes']))) return out;
  const since = new Date(Date.now() - 90 * 86400_000);
  const rows: Row[] = await knex('ops_waybill as w')
    .join(`${SOURCE} as s`, 's.id', 'w.source_id')
    .whereIn('w.fleet_id', fleetIds)
    .whereNotNull('w.unloaded_at')
    .where('w.unloaded_at', '>=', since)
    .select('w.fleet_id', 'w.unloaded_at', 's.unload_by', 'w.loaded_net', 'w.loss_tonnes');
  for (const id of fleetIds) {
    const own = rows.filter((r) => Number(r.fleet_id) === id);
    if (!own.length) continue;
    const onTime = own.filter((r) => (toDate(r.unloaded_at)?.getTime() ?? Infinity) <= (toDate(r.unload_by)?.getTime() ?? 0)).length;
    const loaded = own.reduce((sum, r) => sum + Number(r.loaded_net ?? 0), 0);
    const lost = own.reduce((sum, r) => sum + Math.max(0, Number(r.loss_tonnes ?? 0)), 0);
    out.set(id, { onTimeRate: round2((onTime / own.length) * 100), lossRate: loaded > 0 ? round2((lost / loaded) * 100) : 0 });
  }
  return out;
}

export interface SourceRow {
  id: number;
  source_no: string;
  status: string;
  customer_id: number;
  line_id: number;
  goods: string;
  tonnes: unknown;
  containers: unknown;
  loading_from: unknown;
  loading_to: unknown;
  vehicle_type: string | null;
  dangerous_goods: unknown;
  price: unknown;
  price_unit: string;
  currency: string;
}

/** The source as the optimiser sees it: its tonnes in lots (a container each, else whole tonnes), the vehicle types it may go on. */
export async function sourceInput(knex: Knex, s: SourceRow, tonnes = Number(s.tonnes)): Promise<SourceInput> {
  const line = await knex('ops_line').where({ id: s.line_id }).first('vehicle_types');
  const containers = Number(s.containers ?? 0);
  return {
    tonnes,
    lotTonnes: containers > 0 ? Number(s.tonnes) / containers : 1,
    vehicleTypes: s.vehicle_type ? [s.vehicle_type] : lineVehicleTypes(line?.vehicle_types),
    dangerousGoods: Boolean(Number(s.dangerous_goods)),
  };
}

/** The offered price per tonne: a per-tonne price as it is, a per-container one over the containers' tonnes; a per-trip one as given (the same for every fleet). */
function pricePerTonne(s: SourceRow): number {
  const price = Number(s.price);
  if (s.price_unit === 'container' && Number(s.containers) > 0) return round2((price * Number(s.containers)) / Number(s.tonnes));
  return price;
}

/**
 * The facts of each fleet in service for this source: free capacity in the loading window (the
 * rated load of its vehicles in service of a type the source may go on, with papers valid on
 * the loading day and not booked by a waybill), less what it already holds of this source;
 * qualification (a driver with a valid licence), vehicle types, dangerous-goods licence,
 * blacklist, the source's price and the fleet's history.
 */
export async function fleetFacts(knex: Knex, t: TFunction, s: SourceRow, input: SourceInput, opts: { exclude?: number[]; capPercentOfSource?: number } = {}): Promise<FleetFacts[]> {
  const from = toDate(s.loading_from)!;
  const to = toDate(s.loading_to)!;
  const day = loadingDay(s.loading_from);
  const fleets: Row[] = await knex('ops_fleet').where({ status: 'normal' }).orderBy('id');
  const booked = new Set(await bookedVehicleIds(knex, from, to));
  const vehicles: Row[] = await knex('ops_vehicle').where({ status: 'normal' }).select('id', 'fleet_id', 'vehicle_type', 'rated_load', 'insurance_expiry', 'inspection_expiry');
  const drivers: Row[] = await knex('ops_driver').where({ status: 'normal' }).select('fleet_id', 'licence_expiry');
  const held: Row[] = await knex(ORDER).where({ source_id: s.id }).whereIn('status', OPEN_ORDER_STATES).groupBy('fleet_id').select('fleet_id').sum({ n: 'tonnes' });
  const history = await fleetHistory(
    knex,
    fleets.map((f) => Number(f.id)),
  );
  const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 10));
  const allowed = input.vehicleTypes ?? [];
  const out: FleetFacts[] = [];
  for (const f of fleets) {
    const id = Number(f.id);
    if (opts.exclude?.includes(id)) continue;
    const own = vehicles.filter((v) => Number(v.fleet_id) === id);
    const usable = own.filter((v) => (!allowed.length || allowed.includes(String(v.vehicle_type))) && dayOf(v.insurance_expiry) >= day && dayOf(v.inspection_expiry) >= day && !booked.has(Number(v.id)));
    const holds = Number(held.find((h) => Number(h.fleet_id) === id)?.n ?? 0);
    const capacity = usable.reduce((sum, v) => sum + Number(v.rated_load), 0) - holds;
    const licensedDrivers = drivers.filter((d) => Number(d.fleet_id) === id && dayOf(d.licence_expiry) >= day).length;
    const refusal = await blacklistRefusal(knex, t, { type: 'fleet', id, on: day });
    const dg = Boolean(Number(f.dg_licensed)) && dayOf(f.dg_licence_expiry) >= day;
    const h = history.get(id)!;
    out.push({
      id,
      name: String(f.name),
      capacityTonnes: round2(Math.max(0, capacity)),
      capTonnes: opts.capPercentOfSource === undefined ? null : round2(Math.max(0, (opts.capPercentOfSource / 100) * Number(s.tonnes) - holds)),
      qualified: licensedDrivers > 0,
      qualificationReasons: licensedDrivers > 0 ? [] : [t(`${K}.why.noDriver`)],
      vehicleTypes: [...new Set(own.map((v) => String(v.vehicle_type)))],
      dangerousGoodsLicence: dg,
      blacklisted: !!refusal,
      blacklistReason: refusal,
      pricePerTonne: pricePerTonne(s),
      onTimeRate: h.onTimeRate,
      lossRate: h.lossRate,
    });
  }
  return out;
}

/** One fleet of a proposal as the screen shows it: the optimiser's allocation and why, in the user's language. */
export interface ProposalFleet {
  fleetId: number;
  name: string;
  status: 'allocated' | 'unused' | 'excluded';
  tonnes: number;
  sharePercent: number;
  capacityTonnes: number;
  /** Why it was excluded, or what shaped its share (each rule by name, the bounds it reached, the score terms), translated. */
  reasons: string[];
  /** Excluded only by rules the operator may set aside for this source, with a reason (INCLUDABLE). */
  includable: boolean;
}

export interface Proposal {
  source: { id: number; sourceNo: string; tonnes: number; price: string; priceUnit: string; currency: string; status: string; containers: number | null };
  /** The lot the source is placed in (a container's tonnes when it comes in containers, else one tonne), and why. */
  lot: { tonnes: number; containers: number | null; text: string };
  placedTonnes: number;
  unplacedTonnes: number;
  unplacedReason: string | null;
  fleets: ProposalFleet[];
  rules: { id: number; name: string }[];
}

/**
 * Exclusions the operator may set aside for one source by including the fleet with a reason
 * (recorded): the business rules (minimum lot, price ceiling, on-time floor, loss ceiling).
 * Never the blacklist, the qualification, the vehicle type or the dangerous-goods licence: the
 * dispatch refuses those fleets anyway.
 */
export const INCLUDABLE: ReadonlySet<Exclusion['code']> = new Set(['belowMinLot', 'priceAbove', 'onTimeBelow', 'lossAbove']);

const BELOW_MIN_KEY = { capacity: 'belowMinLot', ownCap: 'belowMinLotOwnCap', shareCap: 'belowMinLotShareCap', source: 'belowMinLotSource' } as const;

/** An exclusion in words (texts under portops:assignment.reason), named by its rule; a blacklisting reads as the blacklist's refusal. */
export function exclusionText(t: TFunction, e: Exclusion): string {
  const byRule = (text: string) => t('portops:assignment.reason.byRule', { rule: e.ruleName, text });
  if (e.code === 'blacklisted') return byRule(String(e.values.reason || t('portops:assignment.reason.blacklisted', { reason: '' })));
  if (e.code === 'belowMinLot') return byRule(t(`portops:assignment.reason.${BELOW_MIN_KEY[(e.values.limit as keyof typeof BELOW_MIN_KEY) ?? 'capacity'] ?? 'belowMinLot'}`, e.values));
  return byRule(t(`portops:assignment.reason.${e.code}`, e.values));
}

/** Why a fleet has its share: the range it could take, every rule and bound that shaped it (by name), each score term. */
function why(t: TFunction, f: AssignmentResult['fleets'][number], s: SourceRow, lot: number): string[] {
  if (f.status === 'excluded') return f.excludedBy.map((e) => exclusionText(t, e));
  const byRule = (rule: string | undefined, text: string) => (rule ? t('portops:assignment.reason.byRule', { rule, text }) : text);
  const out: string[] = [];
  if (f.status === 'allocated') out.push(t(`${K}.why.range`, { min: f.minTonnes, max: f.maxTonnes }));
  for (const sh of f.shapedBy) {
    if (sh.code === 'preferredShare') out.push(byRule(sh.ruleName, t(`${K}.why.shaped.${sh.values.above > 0 ? 'preferredShareAbove' : 'preferredShareHeld'}`, sh.values)));
    else if (f.status === 'unused' && sh.code !== 'notNeeded' && sh.code !== 'minLot') out.push(byRule(sh.ruleName, t(`${K}.why.noLot.${sh.code}`, { ...sh.values, lotTonnes: lot })));
    // Its free capacity used: "of it in whole lots" only where the lots leave some of it over.
    else if (sh.code === 'capacity' && sh.values.capacity === sh.values.tonnes) out.push(t(`${K}.why.shaped.capacityAll`, sh.values));
    else out.push(byRule(sh.ruleName, t(`${K}.why.shaped.${sh.code}`, sh.values)));
  }
  for (const term of f.terms) {
    if (term.attribute === 'shareCap') continue; // named above, where it shaped the share
    const attribute = t(`portops:assignment.builtinNames.${term.attribute}`);
    const value = term.attribute === 'price' ? `${term.value} ${s.currency}/t` : `${term.value}%`;
    out.push(byRule(term.ruleName, t(`${K}.why.score`, { attribute, value, score: Math.round((1 - term.score) * 100) })));
  }
  return out;
}

async function loadSource(knex: Knex, t: TFunction, id: number): Promise<SourceRow> {
  const s = (await knex(SOURCE).where({ id }).first()) as SourceRow | undefined;
  if (!s) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return s;
}

/** The optimiser's proposal for a published source, with each fleet's reasons. */
export async function proposal(knex: Knex, t: TFunction, sourceId: number): Promise<Proposal> {
  const s = await loadSource(knex, t, sourceId);
  const input = await sourceInput(knex, s);
  const facts = await fleetFacts(knex, t, s, input);
  const rules = await activeRules(knex, { lineId: s.line_id, customerId: s.customer_id });
  const result = optimise(input, facts, rules);
  const containers = Number(s.containers ?? 0) > 0 ? Number(s.containers) : null;
  const lotTonnes = round2(result.lotTonnes);
  return {
    source: { id: s.id, sourceNo: s.source_no, tonnes: Number(s.tonnes), price: Number(s.price).toFixed(2), priceUnit: s.price_unit, currency: s.currency, status: s.status, containers },
    lot: {
      tonnes: lotTonnes,
      containers,
      text: containers ? t(`${K}.ui.lotContainers`, { tonnes: lotTonnes, containers, sourceTonnes: Number(s.tonnes) }) : t(`${K}.ui.lotTonnes`, { tonnes: lotTonnes }),
    },
    placedTonnes: result.placedTonnes,
    unplacedTonnes: result.unplacedTonnes,
    unplacedReason: result.unplacedReason ? t(`portops:assignment.unplaced.${result.unplacedReason}`, { rule: result.unplacedRule?.name ?? '' }) : null,
    fleets: result.fleets.map((f) => ({
      fleetId: f.fleetId,
      name: f.name,
      status: f.status,
      tonnes: f.tonnes,
      sharePercent: f.sharePercent,
      capacityTonnes: facts.find((x) => x.id === f.fleetId)!.capacityTonnes,
      reasons: why(t, f, s, result.lotTonnes),
      includable: f.status === 'excluded' && f.excludedBy.every((e) => INCLUDABLE.has(e.code)),
    })),
    rules: rules.map((r) => ({ id: r.id, name: r.name })),
  };
}

/** An order's number: FO + the day + its number that day. */
async function nextOrderNo(trx: Knex.Transaction): Promise<string> {
  const prefix = `FO${dayStamp(new Date())}`;
  const last = await trx(ORDER).where('order_no', 'like', `${prefix}%`).orderBy('order_no', 'desc').first('order_no');
  const n = last ? Number(String(last.order_no).slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/** Offers one share to a fleet: an order awaiting its answer for OFFER_HOURS; audited as created by `actor` (null: the job). */
export async function offer(
  trx: Knex.Transaction,
  s: SourceRow,
  share: { fleetId: number; tonnes: number; proposed: number | null; parentOrderId?: number | null; included?: { excludedBy: string[]; reason: string } | null },
  actor: Actor | null,
  now = new Date(),
): Promise<number> {
  const values = {
    order_no: await nextOrderNo(trx),
    source_id: s.id,
    fleet_id: share.fleetId,
    customer_id: s.customer_id,
    line_id: s.line_id,
    tonnes: share.tonnes.toFixed(2),
    proposed_tonnes: share.proposed === null ? null : share.proposed.toFixed(2),
    price: s.price,
    price_unit: s.price_unit,
    currency: s.currency,
    status: 'offered',
    offered_at: now,
    offer_expires_at: new Date(now.getTime() + OFFER_HOURS * 3600_000),
    parent_order_id: share.parentOrderId ?? null,
    created_at: now,
    created_by: actor?.user.id ?? null,
    updated_at: now,
    updated_by: actor?.user.id ?? null,
    version: 1,
  };
  const [id] = await trx(ORDER).insert(values);
  const after = {
    orderNo: values.order_no,
    fleetId: share.fleetId,
    tonnes: values.tonnes,
    status: 'offered',
    // A fleet the rules excluded, included by the operator: the exclusions set aside and why.
    ...(share.included ? { includedDespite: share.included.excludedBy, includeReason: share.included.reason } : {}),
  };
  await writeAudit(trx, { resource: ORDER_KEY, recordId: Number(id), action: 'create', actor, before: null, after, summary: values.order_no });
  return Number(id);
}

/**
 * The operator's confirmation of the shares (tonnes per fleet, as proposed or adjusted): each
 * share goes to a fleet in service the optimiser did not exclude, within its free capacity, the
 * total within the source's tonnes. Creates one offered fleet order per share and assigns the
 * source, noting what was proposed and what was confirmed. Answers the orders' ids.
 */
export async function confirmDistribution(knex: Knex, actor: Actor, t: TFunction, sourceId: number, shares: { fleetId: number; tonnes: number; includeReason?: string | null }[]): Promise<number[]> {
  // The source as the user may see it (404 otherwise).
  await getRow(sourceResource, actor.user, sourceId, t, knex);
  return knex.transaction(async (trx) => {
    const s = await loadSource(trx, t, sourceId);
    if (s.status !== 'published') throw new ApiError(t(`${K}.msg.refused.assign`));
    const p = await proposal(trx, t, sourceId);
    const wanted = shares.filter((x) => x.tonnes > 0);
    const errors: Record<string, string> = {};
    if (!wanted.length) throw new FieldError({ shares: t(`${K}.msg.noShare`) });
    if (new Set(wanted.map((x) => x.fleetId)).size !== wanted.length) throw new FieldError({ shares: t(`${K}.msg.duplicateFleet`) });
    for (const x of wanted) {
      const f = p.fleets.find((y) => y.fleetId === x.fleetId);
      const key = `fleet${x.fleetId}`;
      const reason = x.includeReason?.trim() ?? '';
      if (!f) errors[key] = t(`${K}.msg.unknownFleet`);
      // An excluded fleet only with a reason, and only when every rule that excluded it may be set aside.
      else if (f.status === 'excluded' && !f.includable) errors[key] = t(`${K}.msg.notIncludable`, { name: f.name, reason: f.reasons.join('；') });
      else if (f.status === 'excluded' && !reason) errors[`reason${x.fleetId}`] = t(`${K}.msg.includeReasonRequired`, { name: f.name });
      else if (x.tonnes > f.capacityTonnes + 1e-9) errors[key] = t(`${K}.msg.overCapacity`, { name: f.name, capacity: f.capacityTonnes });
    }
    const total = round2(wanted.reduce((sum, x) => sum + x.tonnes, 0));
    if (total > Number(s.tonnes) + 1e-9) errors.shares = t(`${K}.msg.overTonnage`, { total, tonnes: Number(s.tonnes) });
    if (Object.keys(errors).length) throw new FieldError(errors);
    const now = new Date();
    const ids: number[] = [];
    for (const x of wanted) {
      const f = p.fleets.find((y) => y.fleetId === x.fleetId)!;
      const included = f.status === 'excluded' ? { excludedBy: f.reasons, reason: x.includeReason!.trim() } : null;
      ids.push(await offer(trx, s, { fleetId: x.fleetId, tonnes: x.tonnes, proposed: f.tonnes, included }, actor, now));
    }
    const note = t(`${K}.msg.distributionNote`, {
      shares: wanted
        .map((x) => {
          const f = p.fleets.find((y) => y.fleetId === x.fleetId)!;
          if (f.status === 'excluded') return t(`${K}.msg.shareIncluded`, { name: f.name, tonnes: x.tonnes, excluded: f.reasons.join('；'), reason: x.includeReason!.trim() });
          return f.tonnes === x.tonnes ? t(`${K}.msg.shareAsProposed`, { name: f.name, tonnes: x.tonnes }) : t(`${K}.msg.shareAdjusted`, { name: f.name, tonnes: x.tonnes, proposed: f.tonnes });
        })
        .join('；'),
      total,
    });
    await transitionRows(sourceResource, actor, [sourceId], 'assign', t, { knex: trx, note: note.slice(0, 2000) });
    return ids;
  });
}

// ---------------------------------------------------------------------------------------------
// The offers' deadline and the re-offers (the job)

/** Offers past their deadline become expired (the system's transition, audited without a user). */
export async function expireOffers(knex: Knex, now = new Date()): Promise<string[]> {
  const due: Row[] = await knex(ORDER).where({ status: 'offered' }).where('offer_expires_at', '<', now).select('id', 'order_no');
  const done: string[] = [];
  for (const o of due) {
    const n = await knex(ORDER)
      .where({ id: o.id, status: 'offered' })
      .update({ status: 'expired', updated_at: now, version: knex.raw('version + 1') });
    if (!n) continue;
    await writeAudit(knex, { resource: ORDER_KEY, recordId: Number(o.id), action: 'transition:expire', actor: null, before: { status: 'offered' }, after: { status: 'expired' }, summary: String(o.order_no) });
    done.push(String(o.order_no));
  }
  return done;
}

/** The fleets that turned a share down: any declined or expired order of its family (the first offer of the share and every re-offer of it). */
async function refusersOf(knex: Knex, order: Row): Promise<number[]> {
  let root = order;
  while (root.parent_order_id) {
    const up = await knex(ORDER).where({ id: Number(root.parent_order_id) }).first();
    if (!up) break;
    root = up;
  }
  const family: Row[] = [root];
  for (let level = [Number(root.id)]; level.length; ) {
    const next: Row[] = await knex(ORDER).whereIn('parent_order_id', level).select('id', 'fleet_id', 'status');
    family.push(...next);
    level = next.map((r) => Number(r.id));
  }
  return [...new Set(family.filter((r) => r.status === 'declined' || r.status === 'expired').map((r) => Number(r.fleet_id)))];
}

export interface ReofferLine {
  orderNo: string;
  tonnes: number;
  offers: { orderNo: string; fleet: string; tonnes: number }[];
  left: number;
  gaveUp: boolean;
}

/**
 * Each declined or expired share not yet fully re-offered: the optimiser again for what of it is
 * still unplaced, without the fleets that turned it down, and new offers (children of that
 * order). Once the source's loading window has passed, what is left is given up.
 */
export async function reofferShares(knex: Knex, t: TFunction, now = new Date()): Promise<ReofferLine[]> {
  const pending: Row[] = await knex(`${ORDER} as o`).join(`${SOURCE} as s`, 's.id', 'o.source_id').whereIn('o.status', ['declined', 'expired']).whereNull('o.reoffered_at').where('s.status', 'assigned').orderBy('o.id').select('o.*');
  const out: ReofferLine[] = [];
  for (const order of pending) {
    await knex.transaction(async (trx) => {
      const s = (await trx(SOURCE).where({ id: order.source_id }).first()) as SourceRow;
      const children: Row[] = await trx(ORDER).where({ parent_order_id: order.id }).whereIn('status', [...OPEN_ORDER_STATES, 'completed']).select('tonnes');
      // What children turned down is their own share to re-offer.
      const left = round2(Number(order.tonnes) - children.reduce((sum, c) => sum + Number(c.tonnes), 0));
      const line: ReofferLine = { orderNo: String(order.order_no), tonnes: Number(order.tonnes), offers: [], left, gaveUp: false };
      const windowOver = (toDate(s.loading_to)?.getTime() ?? 0) <= now.getTime();
      if (left > 0 && !windowOver) {
        const input = await sourceInput(trx, s, left);
        // A fleet's share cap is of the whole source (less what it holds of it), not of the share offered again.
        const rules = await activeRules(trx, { lineId: s.line_id, customerId: s.customer_id });
        const caps = rules.filter((r) => r.attribute === 'shareCap' && r.kind === 'filter').map((r) => Number(r.parameters?.maxPercent ?? 100));
        const facts = await fleetFacts(trx, t, s, input, { exclude: await refusersOf(trx, order), capPercentOfSource: Math.min(100, ...caps) });
        const result = optimise(
          input,
          facts,
          rules.filter((r) => r.attribute !== 'shareCap'),
        );
        for (const f of result.fleets.filter((x) => x.status === 'allocated')) {
          const id = await offer(trx, s, { fleetId: f.fleetId, tonnes: f.tonnes, proposed: f.tonnes, parentOrderId: Number(order.id) }, null, now);
          line.offers.push({ orderNo: String((await trx(ORDER).where({ id }).first('order_no')).order_no), fleet: f.name, tonnes: f.tonnes });
        }
        line.left = round2(left - result.placedTonnes);
      }
      line.gaveUp = line.left > 0 && windowOver;
      if (line.left <= 0 || windowOver) await trx(ORDER).where({ id: order.id }).update({ reoffered_at: now });
      out.push(line);
    });
  }
  return out;
}

/** The job's report: what expired, what was offered again to whom, what is still waiting for a fleet. */
export function reofferReport(expired: string[], lines: ReofferLine[]): string {
  const parts = [`expired: ${expired.length ? expired.join(', ') : '-'}`];
  for (const l of lines) {
    const offers = l.offers.map((o) => `${o.orderNo} ${o.fleet} ${o.tonnes} t`).join(', ');
    parts.push(`${l.orderNo} (${l.tonnes} t): ${offers || 'no fleet'}${l.left > 0 ? `; ${l.left} t ${l.gaveUp ? 'given up (loading window over)' : 'still unplaced'}` : ''}`);
  }
  if (!lines.length) parts.push('re-offered: -');
  return parts.join('\n');
}
