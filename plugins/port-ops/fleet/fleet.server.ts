// Fleets, vehicles and drivers on the server: who sees which (a fleet's manager their fleet, a
// driver themself, the platform all), the checks a write needs beyond its schema (the fleet it
// names exists and is the writer's own; only the platform links logins), the certificates a
// vehicle carries, and the pickers other port-ops areas use (portops.fleets, .vehicles, .drivers).
import type { Knex } from 'knex';
import { ApiError, FieldError, claimUpload, filesOf, releaseUploads, defineLookup, serverResource, tableLookup, type LookupDef, type Row, type WriteContext } from '@core/server';
import { resourceKey, type SessionUserLike } from '@core/shared';
import { DRIVER_ROLE, FLEET_ROLE, K, driverDef, fleetDef, vehicleDef } from './fleet';
import { normalizePlate } from './plates';

export const FLEET = 'ops_fleet';
export const VEHICLE = 'ops_vehicle';
export const DRIVER = 'ops_driver';

/**
 * What a user may see of the fleet assets. A user a fleet is linked to (ops_fleet.user_id), or
 * holding the FLEET role, is that fleet's manager; a user a driver record is linked to, or
 * holding the DRIVER role, is that driver; anyone else (operators, administrators) is the
 * platform. A FLEET or DRIVER user without a linked record sees nothing.
 */
export type FleetScope = { kind: 'all' } | { kind: 'fleet'; fleetIds: number[] } | { kind: 'driver'; driverIds: number[]; fleetIds: number[] };

const hasRole = (user: SessionUserLike, code: string) => user.roles.some((r) => r.roleCode === code);

export async function fleetScopeOf(knex: Knex, user: SessionUserLike): Promise<FleetScope> {
  if (user.isAdmin) return { kind: 'all' };
  const fleets: number[] = (await knex(FLEET).where({ user_id: user.id }).select('id')).map((r: Row) => Number(r.id));
  if (fleets.length || hasRole(user, FLEET_ROLE)) return { kind: 'fleet', fleetIds: fleets };
  const drivers: Row[] = await knex(DRIVER).where({ user_id: user.id }).select('id', 'fleet_id');
  if (drivers.length || hasRole(user, DRIVER_ROLE)) return { kind: 'driver', driverIds: drivers.map((d) => Number(d.id)), fleetIds: [...new Set(drivers.map((d) => Number(d.fleet_id)))] };
  return { kind: 'all' };
}

/** Narrows a query on `table` to the user's scope: the fleet rows by `fleetColumn`, a driver's own row by id. */
function narrow(qb: Knex.QueryBuilder, scope: FleetScope, table: string, fleetColumn: string): void {
  if (scope.kind === 'all') return;
  if (scope.kind === 'driver' && table === DRIVER) qb.whereIn(`${table}.id`, scope.driverIds);
  else qb.whereIn(`${table}.${fleetColumn}`, scope.fleetIds);
}

const restrictTo = (table: string, fleetColumn: string) => async (qb: Knex.QueryBuilder, user: SessionUserLike, knex: Knex) => narrow(qb, await fleetScopeOf(knex, user), table, fleetColumn);

/** The fleet a vehicle or driver is written under exists and, for a fleet's manager, is their own. */
async function checkFleet(input: Row, { trx, actor, t, before }: WriteContext): Promise<void> {
  const id = Number(input.fleetId ?? before?.fleetId);
  if (!(await trx(FLEET).where({ id }).first('id'))) throw new FieldError({ fleetId: t(`${K}.msg.fleetMissing`) });
  const scope = await fleetScopeOf(trx, actor.user);
  if (scope.kind !== 'all' && !scope.fleetIds.includes(id)) throw new FieldError({ fleetId: t(`${K}.msg.notOwnFleet`) });
}

/** A linked login is the platform's to set: anyone else's write keeps the stored one. */
async function keepLoginUnlessPlatform(values: Row, { trx, actor }: WriteContext): Promise<Row> {
  if ((await fleetScopeOf(trx, actor.user)).kind === 'all') return values;
  const { user_id: _ignored, ...rest } = values;
  return rest;
}

async function checkLogin(input: Row, { trx, t }: WriteContext, field: string): Promise<void> {
  if (input.userId === null || input.userId === undefined) return;
  if (!(await trx('sys_user').where({ id: Number(input.userId) }).first('id'))) throw new FieldError({ [field]: t(`${K}.msg.userMissing`) });
}

/** Vehicles or drivers under these fleets refuse the fleets' deletion. */
async function refuseFleetInUse(rows: Row[], { trx, t }: { trx: Knex.Transaction; t: WriteContext['t'] }): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  for (const table of [VEHICLE, DRIVER]) {
    if (await trx(table).whereIn('fleet_id', ids).first('id')) throw new ApiError(t(`${K}.msg.fleetInUse`));
  }
}

export const fleetResource = serverResource(fleetDef, {
  restrict: restrictTo(FLEET, 'id'),
  async validate(input, ctx) {
    if ((await fleetScopeOf(ctx.trx, ctx.actor.user)).kind === 'all') await checkLogin(input, ctx, 'userId');
  },
  async toDb(input, ctx, defaults) {
    const values: Row = { ...defaults, ...(input.dgLicensed ? {} : { dg_licence_no: null, dg_licence_expiry: null }) };
    if (ctx.op === 'create') values.status = 'normal';
    return keepLoginUnlessPlatform(values, ctx);
  },
  beforeDelete: refuseFleetInUse,
});

const VEHICLE_KEY = resourceKey(vehicleDef);

export const vehicleResource = serverResource(vehicleDef, {
  restrict: restrictTo(VEHICLE, 'fleet_id'),
  async decorate(rows, knex) {
    const files = await filesOf(knex, VEHICLE_KEY, rows.map((r) => Number(r.id)));
    const named = (id: unknown) => {
      const file = files.find((x) => x.id === Number(id));
      return file ? { id: file.id, name: file.name } : null;
    };
    for (const r of rows) {
      r.insuranceFile = named(r.insuranceFileId);
      r.inspectionFile = named(r.inspectionFileId);
    }
  },
  validate: checkFleet,
  toDb(input, { op }, defaults) {
    const values: Row = { ...defaults, plate_country: normalizePlate(String(input.plateNo))?.country ?? null };
    if (op === 'create') values.status = 'normal';
    return values;
  },
  async afterWrite(id, input, { trx, actor, t }) {
    // The vehicle's two certificates are its files: one replaced or removed is released.
    const fileIds = [input.insuranceFileId, input.inspectionFileId].filter((v): v is number => typeof v === 'number');
    await claimUpload(trx, { resource: VEHICLE_KEY, recordId: id, fileIds, user: actor.user, t, only: true });
  },
  async beforeDelete(rows, { trx }) {
    await releaseUploads(trx, VEHICLE_KEY, rows.map((r) => Number(r.id)));
  },
});

export const driverResource = serverResource(driverDef, {
  restrict: restrictTo(DRIVER, 'fleet_id'),
  async validate(input, ctx) {
    await checkFleet(input, ctx);
    if ((await fleetScopeOf(ctx.trx, ctx.actor.user)).kind === 'all') await checkLogin(input, ctx, 'userId');
  },
  async toDb(_input, ctx, defaults) {
    const values: Row = { ...defaults };
    if (ctx.op === 'create') values.status = 'normal';
    return keepLoginUnlessPlatform(values, ctx);
  },
});

// ---------------------------------------------------------------------------------------------
// Pickers: each narrowed like its list (a fleet's manager picks among their own).

const scopedLookup = (resource: string, build: (scope: FleetScope) => Parameters<typeof tableLookup>[0]): LookupDef =>
  defineLookup({ resource }, async (ctx, user, search) => tableLookup(build(await fleetScopeOf(ctx.knex, user))).load(ctx, user, search));

const within = (scope: FleetScope, table: string, fleetColumn: string) => (qb: Knex.QueryBuilder) => narrow(qb, scope, table, fleetColumn);

/** Logins holding a role (the platform links them); a fleet's manager sees only the logins already linked in their fleet. */
const loginLookup = (role: string, table: string): LookupDef =>
  scopedLookup('system.user', (scope) => ({
    table: 'sys_user',
    value: 'id',
    label: '{nickname} ({username})',
    where: (qb, _user, knex) => {
      if (scope.kind === 'all') {
        qb.whereIn('id', knex('sys_user_role').join('sys_role', 'sys_role.id', 'sys_user_role.role_id').where('sys_role.code', role).select('sys_user_role.user_id'));
        return;
      }
      const linked = knex(table).whereNotNull('user_id').select('user_id');
      narrow(linked, scope, table, table === FLEET ? 'id' : 'fleet_id');
      qb.whereIn('id', linked);
    },
  }));

export const fleetLookups: Record<string, LookupDef> = {
  fleets: scopedLookup('portops.fleet', (scope) => ({ table: FLEET, value: 'id', label: 'name', where: within(scope, FLEET, 'id'), orderBy: 'name' })),
  vehicles: scopedLookup('portops.vehicle', (scope) => ({ table: VEHICLE, value: 'id', label: 'plate_no', parent: 'fleet_id', where: within(scope, VEHICLE, 'fleet_id'), orderBy: 'plate_no' })),
  drivers: scopedLookup('portops.driver', (scope) => ({ table: DRIVER, value: 'id', label: '{name} ({licence_class})', parent: 'fleet_id', where: within(scope, DRIVER, 'fleet_id'), orderBy: 'name' })),
  fleetUsers: loginLookup(FLEET_ROLE, FLEET),
  driverUsers: loginLookup(DRIVER_ROLE, DRIVER),
};
