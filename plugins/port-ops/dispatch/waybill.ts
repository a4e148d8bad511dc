// Waybills (派车单, SPEC §2 /intelligentdispatch: fleetwaybill, driverwaybill, driveroperation;
// issue 13): one truck trip of a customer's cargo on a line, dispatched to a fleet's vehicle and
// driver, priced from the contract in force on the loading day, then driven step by step by
// the driver (accept, arrive, load with weighing, depart, arrive, unload with weighing and the
// signed receipt, complete). A loss beyond the line's tolerance flags the waybill for the
// platform's review. The state machine is data: the server enforces it, the pages enable
// their buttons from it. Isomorphic.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineResource, permissionCodes, rules, type FieldDef, type Transition, type UploadType } from '@core/shared';
import { portOpsTable } from '../common';
import { PRICE_UNITS } from '../customers/contract';

export const K = 'portops:dispatch';
const f = (k: string) => `${K}.field.${k}`;

export const GROUP = 'intelligentdispatch';
export const MENU = {
  fleetWaybill: 'intelligentdispatch.fleetwaybill',
  driverWaybill: 'intelligentdispatch.driverwaybill',
  driverOperation: 'intelligentdispatch.driveroperation',
  board: 'intelligentdispatch.board',
} as const;

export const WAYBILL_STATES = ['dispatched', 'accepted', 'arrivedLoading', 'loaded', 'inTransit', 'arrived', 'unloaded', 'completed', 'cancelled', 'exception'] as const;
export type WaybillState = (typeof WAYBILL_STATES)[number];
/** Waybills in these states no longer hold their vehicle and driver. */
export const RELEASED: WaybillState[] = ['cancelled', 'completed'];

/** The loss review: none needed, waiting for the platform, loss accepted (no deduction), deduction confirmed. */
export const LOSS_REVIEW = ['none', 'pending', 'accepted', 'deducted'] as const;

export const WAYBILL_PERMISSIONS = permissionCodes('portops:waybill', ['cancel', 'drive', 'exception', 'review']);
const P = WAYBILL_PERMISSIONS;

/** The signed receipt at unloading: a photo or a scan. */
export const RECEIPT_TYPES: readonly UploadType[] = ['jpg', 'png', 'pdf'];

/** The driver's steps in order, each a transition of the state machine. */
export const DRIVER_STEPS = ['accept', 'arriveLoading', 'load', 'depart', 'arrive', 'unload', 'complete'] as const;
export type DriverStep = (typeof DRIVER_STEPS)[number];
/** Steps that take a weighing (gross and tare in tonnes); unloading also the receipt. */
export const WEIGHING_STEPS: DriverStep[] = ['load', 'unload'];
/** The driver's report of a problem on the trip: the `exception` transition, with its reason. */
export const REPORT_EXCEPTION = 'exception';
/** Everything the driver's page sends the server (POST /api/portops/waybill/step). */
export const DRIVER_ACTIONS = [...DRIVER_STEPS, REPORT_EXCEPTION] as const;

const tr = (name: string, from: WaybillState[], to: WaybillState, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `${K}.action.${name}`,
  from,
  to,
  permission,
  refusedKey: `${K}.refused.${name}`,
  ...extra,
});

const reason = (labelKey: string) => ({ field: 'statusNote', column: 'status_note', labelKey, required: true, maxLength: 200 });
const reviewNote = { field: 'reviewNote', column: 'review_note', labelKey: f('reviewNote'), required: false, maxLength: 200 };

export const WAYBILL_TRANSITIONS: Transition[] = [
  tr('accept', ['dispatched'], 'accepted', P.drive, { primary: true }),
  tr('arriveLoading', ['accepted'], 'arrivedLoading', P.drive),
  tr('load', ['arrivedLoading'], 'loaded', P.drive),
  tr('depart', ['loaded'], 'inTransit', P.drive),
  tr('arrive', ['inTransit'], 'arrived', P.drive),
  tr('unload', ['arrived'], 'unloaded', P.drive),
  tr('complete', ['unloaded'], 'completed', P.drive),
  tr('cancel', ['dispatched', 'accepted', 'exception'], 'cancelled', P.cancel, { primary: true, confirmKey: `${K}.confirm.cancel`, note: reason(f('cancelReason')) }),
  tr('exception', ['accepted', 'arrivedLoading', 'loaded', 'inTransit', 'arrived'], 'exception', P.exception, { note: reason(f('exceptionReason')) }),
  // The platform's review of a loss over tolerance (the waybill stays completed).
  tr('acceptLoss', ['completed'], 'completed', P.review, { note: reviewNote }),
  tr('confirmDeduction', ['completed'], 'completed', P.review, { primary: true, note: reviewNote }),
];

/** "YYYY-MM-DD HH:mm", platform time: compares as text on either database. */
export const WINDOW_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;

const ref = (name: string, lookup: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: f(name.replace(/Id$/, '')), type: 'ref', lookup, filter: 'eq', valueType: 'integer', ...extra });
const tonnes = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: f(name), type: 'money', scale: 3, trimZeros: true, form: false, import: false, list: { hidden: true }, ...extra });
const stamp = (name: string): FieldDef => ({ name, labelKey: f(name), type: 'datetime', form: false, import: false, list: { hidden: true } });

/** A picked id (pickers answer text); blank is missing with the field's required message. */
export const pickedId = (t: TFunction, key: string, optional = false) => {
  const msg = t('core:resource.required', { field: t(key) });
  const n = z.number({ error: msg }).int(msg).positive(msg);
  return z.preprocess((v) => (v === '' || v === null || v === undefined ? (optional ? null : undefined) : Number(v)), optional ? n.nullable() : n);
};

/** A loading window's end: "2026-11-28T08:00" (a datetime-local input) is taken as "2026-11-28 08:00". */
const windowTime = (t: TFunction, key: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().replace('T', ' ').slice(0, 16) : v), rules(t).pattern(key, WINDOW_RE, { messageKey: `${K}.msg.windowFormat` }));

export const waybillDef = defineResource({
  ...portOpsTable('waybill', 'ops_waybill', `${K}.title.fleetWaybill`, MENU.fleetWaybill, 'waybillNo'),
  // Never deleted: a waybill given out is cancelled with its reason.
  permissions: { list: P.list, create: P.add, update: P.edit, export: P.list },
  uploads: { types: RECEIPT_TYPES, maxMb: 10 },
  detail: true,
  fields: [
    { name: 'waybillNo', labelKey: f('waybillNo'), type: 'string', filter: 'contains', sortable: true, form: false, import: false, list: { width: 170 } },
    {
      name: 'status',
      labelKey: f('status'),
      type: 'enum',
      filter: 'eq',
      sortable: true,
      form: false,
      import: false,
      options: WAYBILL_STATES.map((s) => ({ value: s, labelKey: `${K}.state.${s}` })),
      list: { width: 100 },
    },
    // Loaded short of the plan by more than the line's tolerance (underLoad in loss.ts): beside the state, where it is seen.
    { name: 'underloaded', labelKey: f('underloaded'), type: 'boolean', filter: 'eq', form: false, import: false, list: { width: 110 } },
    ref('customerId', 'portops.customers', { list: { width: 200 } }),
    ref('lineId', 'portops.lines', { list: { width: 200 } }),
    { name: 'goods', labelKey: f('goods'), type: 'string', maxLength: 50, filter: 'contains', list: { width: 90 } },
    ref('fleetId', 'portops.fleets', { list: { width: 170 } }),
    ref('vehicleId', 'portops.vehicles', { lookupParent: 'fleetId', list: { width: 120 } }),
    ref('driverId', 'portops.drivers', { lookupParent: 'fleetId', list: { width: 110 } }),
    { name: 'plannedTonnes', labelKey: f('plannedTonnes'), type: 'money', scale: 3, trimZeros: true, summary: 'sum', list: { width: 100 } },
    { name: 'loadingFrom', labelKey: f('loadingFrom'), type: 'string', maxLength: 16, sortable: true, filter: 'contains', list: { width: 150 }, form: { helpKey: `${K}.hint.window` } },
    { name: 'loadingTo', labelKey: f('loadingTo'), type: 'string', maxLength: 16, list: { width: 150 }, form: { helpKey: `${K}.hint.window` } },
    { name: 'loadingPoint', labelKey: f('loadingPoint'), type: 'string', maxLength: 100, list: { hidden: true }, form: { helpKey: `${K}.hint.point` } },
    { name: 'unloadingPoint', labelKey: f('unloadingPoint'), type: 'string', maxLength: 100, list: { hidden: true }, form: { helpKey: `${K}.hint.point` } },
    { name: 'price', labelKey: f('price'), type: 'money', form: false, import: false, list: { width: 90 } },
    { name: 'priceUnit', labelKey: f('priceUnit'), type: 'enum', form: false, import: false, options: PRICE_UNITS.map((u) => ({ value: u, labelKey: `${K}.unit.${u}` })), list: { width: 80 } },
    { name: 'currency', labelKey: f('currency'), type: 'string', form: false, import: false, list: { hidden: true } },
    { name: 'contractNo', labelKey: f('contractNo'), type: 'string', form: false, import: false, list: { hidden: true } },
    { name: 'contractLineId', labelKey: f('contractLineId'), type: 'integer', form: false, import: false, list: false },
    { name: 'adjustmentId', labelKey: f('adjustmentId'), type: 'integer', form: false, import: false, list: false },
    // The source by its number (sourceNo, decorated); its id is the API's, not shown.
    { name: 'sourceId', labelKey: f('sourceId'), type: 'integer', form: false, import: false, list: false },
    { name: 'sourceNo', column: null, labelKey: f('sourceNo'), type: 'string', form: false, import: false, list: { hidden: true, width: 130 } },
    { name: 'fleetOrderId', labelKey: f('fleetOrderId'), type: 'ref', lookup: 'portops.fleetOrders', import: false, list: { hidden: true }, form: { helpKey: `${K}.hint.fleetOrder` } },
    tonnes('loadingGross'),
    tonnes('loadingTare'),
    tonnes('loadedNet', { list: { width: 100 } }),
    tonnes('underloadTonnes'),
    tonnes('unloadingGross'),
    tonnes('unloadingTare'),
    tonnes('unloadedNet', { list: { width: 100 } }),
    { name: 'receiptFileId', labelKey: f('receipt'), type: 'integer', form: false, import: false, export: false, list: { width: 130 } },
    tonnes('lossTonnes', { list: { width: 90 } }),
    { name: 'lossTolerance', labelKey: f('lossTolerance'), type: 'money', scale: 2, trimZeros: true, form: false, import: false, list: { hidden: true } },
    { name: 'underloadTolerance', labelKey: f('underloadTolerance'), type: 'money', scale: 2, trimZeros: true, form: false, import: false, list: { hidden: true } },
    { name: 'lossPermille', labelKey: f('lossPermille'), type: 'money', scale: 2, trimZeros: true, form: false, import: false, list: { hidden: true } },
    tonnes('excessLoss'),
    { name: 'deductionAmount', labelKey: f('deductionAmount'), type: 'money', form: false, import: false, summary: 'sum', list: { width: 100 } },
    {
      name: 'lossReview',
      labelKey: f('lossReview'),
      type: 'enum',
      filter: 'eq',
      form: false,
      import: false,
      options: LOSS_REVIEW.map((s) => ({ value: s, labelKey: `${K}.lossReview.${s}` })),
      list: { width: 100 },
    },
    { name: 'reviewNote', labelKey: f('reviewNote'), type: 'string', form: false, import: false, list: { hidden: true } },
    { name: 'statusNote', labelKey: f('statusNote'), type: 'string', form: false, import: false, list: { hidden: true } },
    stamp('acceptedAt'),
    stamp('loadedAt'),
    stamp('departedAt'),
    stamp('unloadedAt'),
    stamp('completedAt'),
    { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 200, list: { hidden: true }, form: { span: 3 } },
  ],
  stateMachine: {
    field: 'status',
    states: WAYBILL_STATES.map((s) => ({ value: s, labelKey: `${K}.state.${s}` })),
    transitions: WAYBILL_TRANSITIONS,
    editableIn: ['dispatched'],
    deletableIn: [],
    editRefusedKey: `${K}.msg.notEditable`,
  },
  schema: (t) => {
    const r = rules(t);
    const optionalId = r.optionalId();
    return z
      .object({
        customerId: pickedId(t, f('customer')),
        lineId: pickedId(t, f('line')),
        goods: r.text(f('goods'), 50),
        fleetId: pickedId(t, f('fleet')),
        vehicleId: pickedId(t, f('vehicle')),
        driverId: pickedId(t, f('driver')),
        plannedTonnes: r.decimal(f('plannedTonnes'), { scale: 3, positive: true, maxDigits: 8 }),
        loadingFrom: windowTime(t, f('loadingFrom')),
        loadingTo: windowTime(t, f('loadingTo')),
        loadingPoint: r.optionalText(f('loadingPoint'), 100),
        unloadingPoint: r.optionalText(f('unloadingPoint'), 100),
        sourceId: optionalId,
        fleetOrderId: optionalId,
        remark: r.optionalText(f('remark'), 200),
      })
      .superRefine((v, ctx) => {
        if (v.loadingFrom && v.loadingTo && v.loadingTo <= v.loadingFrom) ctx.addIssue({ code: 'custom', path: ['loadingTo'], message: t(`${K}.msg.windowOrder`) });
      });
  },
});

/** The drivers' and shippers' view: the same waybills and API under 司机运单, read-only there (steps on the driver's page). */
/** What the drivers and shippers look for first: the trip, then its weights, loss and receipt. */
const DRIVER_VIEW_FIRST = ['waybillNo', 'status', 'goods', 'vehicleId', 'driverId', 'loadingFrom', 'plannedTonnes', 'loadedNet', 'unloadedNet', 'lossTonnes', 'receiptFileId', 'lineId'];
const firstIndex = (name: string) => (DRIVER_VIEW_FIRST.includes(name) ? DRIVER_VIEW_FIRST.indexOf(name) : DRIVER_VIEW_FIRST.length);

export const driverWaybillDef = {
  ...waybillDef,
  fields: [...waybillDef.fields].sort((a, b) => firstIndex(a.name) - firstIndex(b.name)),
  menu: MENU.driverWaybill,
  titleKey: `${K}.title.driverWaybill`,
  permissions: { list: P.list, export: P.list },
  stateMachine: { ...waybillDef.stateMachine!, transitions: [] },
};

/**
 * A weighing: gross and tare in tonnes (up to 3 decimals). The net above zero is the
 * weighbridge record's rule (tally's weightDef), which every weighing goes through.
 */
export const weighingSchema = (t: TFunction) => {
  const r = rules(t);
  return z.object({
    gross: r.decimal(f('gross'), { scale: 3, positive: true, maxDigits: 8 }),
    tare: r.decimal(f('tare'), { scale: 3, positive: true, maxDigits: 8 }),
  });
};
