// The papers a dispatch depends on: whether a vehicle and a driver may be sent on a given day
// (expiryRefusal, for the dispatch area), and which papers run out soon (the daily reminder).
// A paper is valid through its expiry date and expired from the day after.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { isoDay } from '@core/shared';
import { dayText } from '@core/server';
import { K, licenceFits } from './fleet';
import { DRIVER, FLEET, VEHICLE } from './fleet.server';

export { licenceFits };

/** A day as YYYY-MM-DD: a Date (its UTC day, as MariaDB answers a DATE column) or the text's first ten characters. */
export const dayOf = dayText;

/** `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether a paper with this expiry date is no longer valid on `on` (no date: never was). */
const expired = (expiry: unknown, on: string) => {
  const d = dayOf(expiry);
  return d === null || d < on;
};

const onDay = (on: Date | string) => (typeof on === 'string' ? on.slice(0, 10) : isoDay(on));

/**
 * Why a dispatch of this vehicle and/or driver must be refused on day `on`, translated; null
 * when nothing stands in its way. Checked in this order: the records exist and are in service
 * (with their fleet), the vehicle's insurance and annual inspection, the driver's licence, the
 * licence class against the vehicle type, and the two belonging to the same fleet.
 */
export async function expiryRefusal(knex: Knex, t: TFunction, { vehicleId, driverId, on }: { vehicleId?: number | null; driverId?: number | null; on: Date | string }): Promise<string | null> {
  const day = onDay(on);
  const vehicle = vehicleId ? await knex(VEHICLE).where({ id: vehicleId }).first() : null;
  const driver = driverId ? await knex(DRIVER).where({ id: driverId }).first() : null;
  if (vehicleId && !vehicle) return t(`${K}.refusal.vehicleMissing`);
  if (driverId && !driver) return t(`${K}.refusal.driverMissing`);
  const fleetIds = [vehicle?.fleet_id, driver?.fleet_id].filter((id) => id !== undefined && id !== null).map(Number);
  const suspendedFleet = fleetIds.length ? await knex(FLEET).whereIn('id', fleetIds).where({ status: 'suspended' }).first('name') : null;
  if (suspendedFleet) return t(`${K}.refusal.fleetSuspended`, { name: suspendedFleet.name });
  if (vehicle) {
    const plate = vehicle.plate_no;
    if (vehicle.status !== 'normal') return t(`${K}.refusal.vehicleSuspended`, { plate });
    if (expired(vehicle.insurance_expiry, day)) return t(`${K}.refusal.insuranceExpired`, { plate, date: dayOf(vehicle.insurance_expiry) ?? '—' });
    if (expired(vehicle.inspection_expiry, day)) return t(`${K}.refusal.inspectionExpired`, { plate, date: dayOf(vehicle.inspection_expiry) ?? '—' });
  }
  if (driver) {
    const name = driver.name;
    if (driver.status !== 'normal') return t(`${K}.refusal.driverSuspended`, { name });
    if (expired(driver.licence_expiry, day)) return t(`${K}.refusal.licenceExpired`, { name, date: dayOf(driver.licence_expiry) ?? '—' });
  }
  if (vehicle && driver) {
    if (!licenceFits(driver.licence_class, vehicle.vehicle_type)) {
      return t(`${K}.refusal.licenceMismatch`, { name: driver.name, licenceClass: driver.licence_class, vehicleType: t(`${K}.vehicleType.${vehicle.vehicle_type}`) });
    }
    if (Number(vehicle.fleet_id) !== Number(driver.fleet_id)) return t(`${K}.refusal.otherFleet`, { name: driver.name, plate: vehicle.plate_no });
  }
  return null;
}

export const PAPER_KINDS = ['insurance', 'inspection', 'licence', 'dgLicence'] as const;
export type PaperKind = (typeof PAPER_KINDS)[number];

export interface ExpiringPaper {
  kind: PaperKind;
  /** The record the paper belongs to: a vehicle, a driver or a fleet. */
  recordId: number;
  /** Its plate or name. */
  holder: string;
  fleetId: number;
  fleetName: string;
  expiry: string;
  /** Days from `on` to the expiry (negative: expired that many days ago). */
  daysLeft: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The papers of records in service that expire within `days` days of `on` (inclusive) or have
 * expired already, soonest first: vehicle insurance and inspection, driver licences, and the
 * dangerous-goods licences of fleets that hold one.
 */
export async function expiringPapers(knex: Knex, on: Date | string, days = 30): Promise<ExpiringPaper[]> {
  const day = onDay(on);
  const until = addDays(day, days);
  const fleets: Record<string, unknown>[] = await knex(FLEET).select('id', 'name', 'status', 'dg_licensed', 'dg_licence_expiry');
  const fleetName = new Map(fleets.map((f) => [Number(f.id), String(f.name)]));
  const out: ExpiringPaper[] = [];
  const add = (kind: PaperKind, recordId: unknown, holder: unknown, fleetId: unknown, expiry: unknown) => {
    const d = dayOf(expiry);
    if (!d) return;
    out.push({ kind, recordId: Number(recordId), holder: String(holder), fleetId: Number(fleetId), fleetName: fleetName.get(Number(fleetId)) ?? '', expiry: d, daysLeft: daysBetween(day, d) });
  };
  for (const column of ['insurance_expiry', 'inspection_expiry'] as const) {
    const rows = await knex(VEHICLE).where({ status: 'normal' }).where(column, '<=', until).select('id', 'plate_no', 'fleet_id', column);
    for (const v of rows) add(column === 'insurance_expiry' ? 'insurance' : 'inspection', v.id, v.plate_no, v.fleet_id, v[column]);
  }
  for (const d of await knex(DRIVER).where({ status: 'normal' }).where('licence_expiry', '<=', until).select('id', 'name', 'fleet_id', 'licence_expiry')) add('licence', d.id, d.name, d.fleet_id, d.licence_expiry);
  for (const f of fleets) {
    const licensed = f.dg_licensed === true || f.dg_licensed === 1 || f.dg_licensed === '1';
    const d = dayOf(f.dg_licence_expiry);
    if (f.status === 'normal' && licensed && d && d <= until) add('dgLicence', f.id, f.name, f.id, d);
  }
  return out.sort((a, b) => a.expiry.localeCompare(b.expiry) || a.kind.localeCompare(b.kind) || a.holder.localeCompare(b.holder));
}

/** The reminder's text: one line per paper, then none or the count. */
export function reminderText(t: TFunction, papers: ExpiringPaper[], days = 30): string {
  if (!papers.length) return t(`${K}.reminder.none`, { days });
  const lines = papers.map((p) =>
    t(p.daysLeft < 0 ? `${K}.reminder.expiredLine` : `${K}.reminder.line`, { kind: t(`${K}.paper.${p.kind}`), holder: p.holder, fleet: p.fleetName, date: p.expiry, days: Math.abs(p.daysLeft) }),
  );
  return [t(`${K}.reminder.summary`, { n: papers.length, days }), ...lines].join('\n');
}
