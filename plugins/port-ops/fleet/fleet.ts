// Fleet assets (SPEC §2 /fleetassets: fleetinfo, carinfo, driverinfo): the carriers the dispatch
// centre gives work to, their trucks and their drivers, each with the papers a dispatch depends
// on (insurance, annual inspection, driving licence, the fleet's dangerous-goods licence). A
// record is in service (normal) or suspended; only a transition changes that. Isomorphic: the
// screens render from these declarations and the server enforces them.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ID_TYPES, crudPermissions, defineDocument, defineResource, isCreditCode, isIdNumber, isPhone, permissionCodes, rules, type FieldDef, type IdType, type Transition, type UploadType } from '@core/shared';
import { portOpsTable } from '../common';
import { plateRule } from './plates';

export const K = 'portops:fleet';
const f = (k: string) => `${K}.field.${k}`;

export const FLEET_MENU = 'fleetassets.fleetinfo';
export const VEHICLE_MENU = 'fleetassets.carinfo';
export const DRIVER_MENU = 'fleetassets.driverinfo';

/** Demo roles of the carriers' side (sys_role code): a fleet's dispatcher and a driver. */
export const FLEET_ROLE = 'FLEET';
export const DRIVER_ROLE = 'DRIVER';

export const STATUS = ['normal', 'suspended'] as const;
export type AssetStatus = (typeof STATUS)[number];

/**
 * Vehicle types of cross-border road freight. Articulated combinations (a tractor with its
 * semi-trailer, a container chassis) need an A2 licence; rigid heavy trucks B2; light trucks C1.
 */
export const VEHICLE_TYPES = ['tractor', 'container', 'box', 'flatbed', 'tanker', 'dump', 'light'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** PRC driving-licence classes (GA/T, 准驾车型) a truck driver may hold. */
export const LICENCE_CLASSES = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2'] as const;
export type LicenceClass = (typeof LICENCE_CLASSES)[number];

/** The class a vehicle type needs, and the classes that include it (an A2 holder may drive what B2 allows, …). */
const NEEDS: Record<VehicleType, 'A2' | 'B2' | 'C1'> = { tractor: 'A2', container: 'A2', box: 'B2', flatbed: 'B2', tanker: 'B2', dump: 'B2', light: 'C1' };
const COVERS: Record<'A2' | 'B2' | 'C1', readonly LicenceClass[]> = {
  A2: ['A2'],
  B2: ['A1', 'A2', 'B2'],
  C1: ['A1', 'A2', 'A3', 'B1', 'B2', 'C1'],
};

/** Whether a driver's licence class allows driving this type of vehicle. */
export function licenceFits(licenceClass: string, vehicleType: string): boolean {
  const needed = NEEDS[vehicleType as VehicleType];
  return !!needed && COVERS[needed].includes(licenceClass as LicenceClass);
}

/** Insurance and inspection certificates, scanned. */
export const ATTACHMENT_TYPES: readonly UploadType[] = ['pdf', 'jpg', 'png'];

const statusField: FieldDef = {
  name: 'status',
  labelKey: f('status'),
  type: 'enum',
  filter: 'eq',
  sortable: true,
  form: false,
  import: false,
  options: STATUS.map((s) => ({ value: s, labelKey: `${K}.status.${s}` })),
  list: { width: 90 },
};

const statusMachine = (permission: string) => ({
  field: 'status',
  states: STATUS.map((s) => ({ value: s, labelKey: `${K}.status.${s}` })),
  transitions: [
    { name: 'suspend', labelKey: `${K}.action.suspend`, from: ['normal'], to: 'suspended', permission, refusedKey: `${K}.msg.onlyNormalSuspend`, confirmKey: `${K}.confirm.suspend`, note: { field: 'statusNote', column: 'status_note', labelKey: f('statusNote'), required: true, maxLength: 200 } },
    { name: 'resume', labelKey: `${K}.action.resume`, from: ['suspended'], to: 'normal', permission, refusedKey: `${K}.msg.onlySuspendedResume` },
  ] satisfies Transition[],
});

const remarkField: FieldDef = { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 200, list: { hidden: true }, form: { span: 3 } };
const fleetRef: FieldDef = { name: 'fleetId', labelKey: f('fleet'), type: 'ref', lookup: 'portops.fleets', filter: 'eq', valueType: 'integer', list: { width: 200 } };

/** A picked id (a picker answers text); blank is missing with the field's required message. */
const pickedId = (t: TFunction, key: string, optional = false) => {
  const msg = t('core:resource.required', { field: t(key) });
  const n = z.number({ error: msg }).int(msg).positive(msg);
  return z.preprocess((v) => (v === '' || v === null || v === undefined ? (optional ? null : undefined) : Number(v)), optional ? n.nullable() : n);
};

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const phoneRule = (t: TFunction, key: string) => rules(t).text(key, 30).refine(isPhone, t(`${K}.msg.phoneInvalid`));

// ---------------------------------------------------------------------------------------------
// Fleets (fleetinfo)

export const FLEET_PERMISSIONS = permissionCodes(`portops:fleet`, ['status']);

export const fleetDef = defineResource({
  ...portOpsTable('fleet', 'ops_fleet', `${K}.title.fleet`, FLEET_MENU, 'name'),
  permissions: { ...crudPermissions('portops:fleet', { withImport: true }) },
  unique: [['name'], { fields: ['creditCode'], messageKey: `${K}.msg.creditCodeExists` }, { fields: ['userId'], messageKey: `${K}.msg.userLinked` }],
  detail: true,
  fields: [
    { name: 'name', labelKey: f('fleetName'), type: 'string', maxLength: 100, filter: 'contains', sortable: true, list: { width: 220 } },
    statusField,
    { name: 'creditCode', labelKey: f('creditCode'), type: 'string', maxLength: 18, filter: 'contains', list: { width: 190 } },
    { name: 'contact', labelKey: f('contact'), type: 'string', maxLength: 50, list: { width: 110 } },
    { name: 'phone', labelKey: f('phone'), type: 'string', maxLength: 30, list: { width: 140 } },
    { name: 'address', labelKey: f('address'), type: 'string', maxLength: 200, list: { hidden: true }, form: { span: 2 } },
    { name: 'transportLicenceNo', labelKey: f('transportLicenceNo'), type: 'string', maxLength: 50, filter: 'contains', list: { width: 180 } },
    { name: 'dgLicensed', labelKey: f('dgLicensed'), type: 'boolean', filter: 'eq', list: { width: 110 } },
    { name: 'dgLicenceNo', labelKey: f('dgLicenceNo'), type: 'string', maxLength: 50, list: { hidden: true } },
    { name: 'dgLicenceExpiry', labelKey: f('dgLicenceExpiry'), type: 'date', sortable: true, filter: 'range', list: { width: 175 } },
    { name: 'userId', labelKey: f('fleetUser'), type: 'ref', lookup: 'portops.fleetUsers', valueType: 'integer', list: { hidden: true } },
    { name: 'statusNote', labelKey: f('statusNote'), type: 'string', form: false, import: false, list: { hidden: true } },
    remarkField,
  ],
  stateMachine: statusMachine(FLEET_PERMISSIONS.status),
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        name: r.text(f('fleetName'), 100, 3),
        creditCode: z.preprocess(upper, z.string({ error: t('core:resource.required', { field: t(f('creditCode')) }) }).min(1, t('core:resource.required', { field: t(f('creditCode')) })).refine(isCreditCode, t(`${K}.msg.creditCodeInvalid`))),
        contact: r.text(f('contact'), 50),
        phone: phoneRule(t, f('phone')),
        address: r.text(f('address'), 200),
        transportLicenceNo: r.text(f('transportLicenceNo'), 50, 6),
        dgLicensed: r.boolean(),
        dgLicenceNo: r.optionalText(f('dgLicenceNo'), 50),
        dgLicenceExpiry: r.date(f('dgLicenceExpiry'), { optional: true }),
        userId: pickedId(t, f('fleetUser'), true),
        remark: r.optionalText(f('remark'), 200),
      })
      .superRefine((v, ctx) => {
        // A dangerous-goods licence is a number and an expiry date (without one neither is kept, see the server's toDb).
        if (!v.dgLicensed) return;
        if (!v.dgLicenceNo) ctx.addIssue({ code: 'custom', path: ['dgLicenceNo'], message: t(`${K}.msg.dgLicenceNoRequired`) });
        if (!v.dgLicenceExpiry) ctx.addIssue({ code: 'custom', path: ['dgLicenceExpiry'], message: t(`${K}.msg.dgLicenceExpiryRequired`) });
      });
  },
});

// ---------------------------------------------------------------------------------------------
// Vehicles (carinfo)

export const VEHICLE_PERMISSIONS = permissionCodes('portops:vehicle', ['status']);

export const vehicleDef = defineResource({
  ...portOpsTable('vehicle', 'ops_vehicle', `${K}.title.vehicle`, VEHICLE_MENU, 'plateNo'),
  permissions: { ...crudPermissions('portops:vehicle', { withImport: true }) },
  unique: [{ fields: ['plateNo'], messageKey: `${K}.msg.plateExists` }],
  uploads: { types: ATTACHMENT_TYPES, maxMb: 10 },
  detail: true,
  fields: [
    { name: 'plateNo', labelKey: f('plateNo'), type: 'string', maxLength: 20, filter: 'contains', sortable: true, list: { width: 130 }, form: { helpKey: `${K}.hint.plateNo` } },
    { name: 'plateCountry', labelKey: f('plateCountry'), type: 'enum', filter: 'eq', form: false, import: false, options: ['CN', 'MM'].map((c) => ({ value: c, labelKey: `${K}.plateCountry.${c}` })), list: { width: 90 } },
    { name: 'vehicleType', labelKey: f('vehicleType'), type: 'enum', filter: 'eq', options: VEHICLE_TYPES.map((v) => ({ value: v, labelKey: `${K}.vehicleType.${v}` })), list: { width: 150 } },
    { name: 'axles', labelKey: f('axles'), type: 'integer', list: { width: 70 } },
    { name: 'ratedLoad', labelKey: f('ratedLoad'), type: 'money', scale: 2, trimZeros: true, sortable: true, list: { width: 110 } },
    fleetRef,
    statusField,
    { name: 'licenceNo', labelKey: f('vehicleLicenceNo'), type: 'string', maxLength: 30, filter: 'contains', list: { hidden: true } },
    { name: 'insuranceExpiry', labelKey: f('insuranceExpiry'), type: 'date', sortable: true, filter: 'range', list: { width: 175 } },
    { name: 'inspectionExpiry', labelKey: f('inspectionExpiry'), type: 'date', sortable: true, filter: 'range', list: { width: 175 } },
    { name: 'insuranceFileId', labelKey: f('insuranceFile'), type: 'integer', list: false, form: false, export: false, import: false },
    { name: 'inspectionFileId', labelKey: f('inspectionFile'), type: 'integer', list: false, form: false, export: false, import: false },
    { name: 'statusNote', labelKey: f('statusNote'), type: 'string', form: false, import: false, list: { hidden: true } },
    remarkField,
  ],
  stateMachine: statusMachine(VEHICLE_PERMISSIONS.status),
  schema: (t) => {
    const r = rules(t);
    const optionalFile = r.optionalId();
    return z.object({
      plateNo: plateRule(t, f('plateNo'), t(`${K}.msg.plateInvalid`)),
      vehicleType: r.oneOf(f('vehicleType'), VEHICLE_TYPES),
      axles: r.number(f('axles'), { int: true, min: 2, max: 8 }),
      ratedLoad: r.decimal(f('ratedLoad'), { scale: 2, positive: true, maxDigits: 6 }),
      fleetId: pickedId(t, f('fleet')),
      licenceNo: r.pattern(f('vehicleLicenceNo'), /^[0-9A-Za-z-]{5,30}$/),
      insuranceExpiry: r.date(f('insuranceExpiry')),
      inspectionExpiry: r.date(f('inspectionExpiry')),
      insuranceFileId: optionalFile,
      inspectionFileId: optionalFile,
      remark: r.optionalText(f('remark'), 200),
    });
  },
});

/** The vehicle form: its fields, then the insurance and inspection certificates (uploads). */
export const vehicleDocument = defineDocument({
  resource: vehicleDef,
  testId: 'vehicle-form',
  extra: ['insuranceFileId', 'inspectionFileId'],
  sections: [{ fields: '*' }, { titleKey: `${K}.section.attachments`, custom: 'attachments' }],
  lines: [],
});

// ---------------------------------------------------------------------------------------------
// Drivers (driverinfo)

export const DRIVER_PERMISSIONS = permissionCodes('portops:driver', ['status']);

export const driverDef = defineResource({
  ...portOpsTable('driver', 'ops_driver', `${K}.title.driver`, DRIVER_MENU, 'name'),
  permissions: { ...crudPermissions('portops:driver', { withImport: true }) },
  unique: [{ fields: ['idType', 'idNo'], messageKey: `${K}.msg.idExists` }, { fields: ['userId'], messageKey: `${K}.msg.userLinked` }],
  detail: true,
  fields: [
    { name: 'name', labelKey: f('driverName'), type: 'string', maxLength: 50, filter: 'contains', sortable: true, list: { width: 130 } },
    { name: 'idType', labelKey: f('idType'), type: 'enum', options: ID_TYPES.map((v) => ({ value: v, labelKey: `${K}.idType.${v}` })), list: { width: 120 } },
    { name: 'idNo', labelKey: f('idNo'), type: 'string', maxLength: 30, filter: 'contains', list: { width: 190 } },
    { name: 'licenceClass', labelKey: f('licenceClass'), type: 'enum', filter: 'eq', options: LICENCE_CLASSES.map((v) => ({ value: v, labelKey: `${K}.licenceClass.${v}` })), list: { width: 110 } },
    { name: 'licenceNo', labelKey: f('driverLicenceNo'), type: 'string', maxLength: 30, list: { hidden: true } },
    { name: 'licenceExpiry', labelKey: f('licenceExpiry'), type: 'date', sortable: true, filter: 'range', list: { width: 175 } },
    { name: 'phone', labelKey: f('phone'), type: 'string', maxLength: 30, list: { width: 140 } },
    fleetRef,
    { name: 'userId', labelKey: f('driverUser'), type: 'ref', lookup: 'portops.driverUsers', valueType: 'integer', list: { hidden: true } },
    statusField,
    { name: 'statusNote', labelKey: f('statusNote'), type: 'string', form: false, import: false, list: { hidden: true } },
    remarkField,
  ],
  stateMachine: statusMachine(DRIVER_PERMISSIONS.status),
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        name: r.text(f('driverName'), 50, 2),
        idType: r.oneOf(f('idType'), ID_TYPES),
        idNo: z.preprocess(upper, r.text(f('idNo'), 30)),
        licenceClass: r.oneOf(f('licenceClass'), LICENCE_CLASSES),
        licenceNo: r.pattern(f('driverLicenceNo'), /^[0-9A-Za-z-]{6,30}$/),
        licenceExpiry: r.date(f('licenceExpiry')),
        phone: phoneRule(t, f('phone')),
        fleetId: pickedId(t, f('fleet')),
        userId: pickedId(t, f('driverUser'), true),
        remark: r.optionalText(f('remark'), 200),
      })
      .superRefine((v, ctx) => {
        if (v.idType && v.idNo && !isIdNumber(v.idType as IdType, v.idNo)) ctx.addIssue({ code: 'custom', path: ['idNo'], message: t(`${K}.msg.idInvalid.${v.idType}`) });
      });
  },
});
