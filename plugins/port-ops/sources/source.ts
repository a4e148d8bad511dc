// Cargo sources (SPEC §2 /smartorderassignment: publishsource, distributeSource) and the fleet
// orders they are split into (/intelligentdispatch: fleetorders). A customer's source names the
// goods, the tonnes (and containers), the line, the loading window and the unloading deadline;
// its price is the contract's price in force, never typed. It is drafted, published, assigned
// across fleets (distribution.server.ts) and closed, or cancelled. Each fleet's share is a fleet
// order the fleet accepts or declines within a time limit. Isomorphic: the screens render from
// these declarations and the server enforces them.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineDocument, defineResource, permissionCodes, rules, type FieldDef, type Transition } from '@core/shared';
import { portOpsTable } from '../common';
import { VEHICLE_TYPES } from '../fleet/fleet';
import { priceUnitOptions } from '../customers/contract';

export const K = 'portops:sources';
const f = (k: string) => `${K}.field.${k}`;

export const MENU = {
  assignment: 'smartorderassignment',
  publish: 'smartorderassignment.publishsource',
  distribute: 'smartorderassignment.distributeSource',
  dispatch: 'intelligentdispatch',
  orders: 'intelligentdispatch.fleetorders',
} as const;

/** Hours a fleet has to accept or decline an offer. */
export const OFFER_HOURS = 2;

export const SOURCE_STATES = ['draft', 'published', 'assigned', 'closed', 'cancelled'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];
export const ORDER_STATES = ['offered', 'accepted', 'declined', 'expired', 'completed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** Orders that hold their tonnes (an answer is awaited or the fleet carries them). */
export const OPEN_ORDER_STATES: OrderState[] = ['offered', 'accepted'];

export const SOURCE_PERMISSIONS = permissionCodes('portops:source', ['publish', 'cancel', 'close', 'distribute']);
export const ORDER_PERMISSIONS = permissionCodes('portops:fleetOrder', ['accept', 'decline', 'complete', 'cancel']);

/** A picked id (a picker answers text); blank is missing, or null when optional. */
const pickedId = (t: TFunction, key: string, optional = false) => {
  const msg = t('core:resource.required', { field: t(key) });
  const n = z.number({ error: msg }).int(msg).positive(msg);
  return z.preprocess((v) => (v === '' || v === null || v === undefined ? (optional ? null : undefined) : Number(v)), optional ? n.nullable() : n);
};

const sourceStates = SOURCE_STATES.map((s) => ({ value: s, labelKey: `${K}.state.${s}` }));
const orderStates = ORDER_STATES.map((s) => ({ value: s, labelKey: `${K}.orderState.${s}` }));
const vehicleTypeOptions = VEHICLE_TYPES.map((v) => ({ value: v, labelKey: `portops:fleet.vehicleType.${v}` }));
const hidden = { hidden: true } as const;

const tr = (name: string, from: string[], to: string, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `${K}.action.${name}`,
  from,
  to,
  permission,
  refusedKey: `${K}.msg.refused.${name}`,
  ...extra,
});

export const SOURCE_TRANSITIONS: Transition[] = [
  tr('publish', ['draft'], 'published', SOURCE_PERMISSIONS.publish, { primary: true, confirmKey: `${K}.confirm.publish` }),
  tr('cancel', ['draft', 'published'], 'cancelled', SOURCE_PERMISSIONS.cancel, {
    primary: true,
    note: { field: 'cancelReason', column: 'cancel_reason', labelKey: f('cancelReason'), required: true, maxLength: 200 },
  }),
  // Only the distribution's confirmation takes it (it needs the fleet orders it creates first).
  tr('assign', ['published'], 'assigned', SOURCE_PERMISSIONS.distribute, {
    note: { field: 'distributionNote', column: 'distribution_note', labelKey: f('distributionNote'), required: false, maxLength: 2000 },
  }),
  tr('close', ['assigned'], 'closed', SOURCE_PERMISSIONS.close, { primary: true, confirmKey: `${K}.confirm.close` }),
];

const sourceFields: FieldDef[] = [
  { name: 'sourceNo', labelKey: f('sourceNo'), type: 'string', sortable: true, filter: 'contains', form: false, import: false, list: { width: 160 } },
  { name: 'status', labelKey: f('status'), type: 'enum', options: sourceStates, filter: 'eq', sortable: true, form: false, import: false, list: { width: 90 } },
  { name: 'customerId', labelKey: f('customer'), type: 'ref', lookup: 'portops.customers', valueType: 'integer', filter: 'eq', list: { width: 200 }, form: { helpKey: `${K}.hint.customer` } },
  { name: 'goods', labelKey: f('goods'), type: 'ref', lookup: 'system.goods', valueType: 'string', filter: 'eq', list: { width: 110 } },
  { name: 'tonnes', labelKey: f('tonnes'), type: 'money', scale: 2, trimZeros: true, sortable: true, list: { width: 100 } },
  { name: 'containers', labelKey: f('containers'), type: 'integer', list: { width: 80 } },
  { name: 'lineId', labelKey: f('line'), type: 'ref', lookup: 'portops.lines', valueType: 'integer', filter: 'eq', list: { width: 200 }, form: { span: 2 } },
  { name: 'vehicleType', labelKey: f('vehicleType'), type: 'enum', options: vehicleTypeOptions, list: { width: 110 }, form: { helpKey: `${K}.hint.vehicleType` } },
  { name: 'dangerousGoods', labelKey: f('dangerousGoods'), type: 'boolean', filter: 'eq', list: { width: 90 } },
  // Entered in the form's window section, three to a row.
  { name: 'loadingFrom', labelKey: f('loadingFrom'), type: 'datetime', sortable: true, filter: 'range', list: { width: 160 }, form: { span: 1 } },
  { name: 'loadingTo', labelKey: f('loadingTo'), type: 'datetime', sortable: true, list: { width: 160 }, form: { span: 1 } },
  { name: 'unloadBy', labelKey: f('unloadBy'), type: 'datetime', sortable: true, list: { width: 160 }, form: { span: 1 } },
  { name: 'price', labelKey: f('price'), type: 'money', scale: 2, form: false, import: false, list: { width: 100 } },
  { name: 'priceUnit', labelKey: f('priceUnit'), type: 'enum', options: priceUnitOptions, form: false, import: false, list: { width: 90 } },
  { name: 'currency', labelKey: f('currency'), type: 'string', form: false, import: false, list: { width: 70 } },
  { name: 'contractNo', column: null, labelKey: f('contractNo'), type: 'string', form: false, import: false, export: false, list: hidden },
  { name: 'contractLineId', labelKey: f('contractNo'), type: 'integer', list: false, form: false, import: false, export: false },
  { name: 'adjustmentId', labelKey: f('adjustment'), type: 'integer', list: false, form: false, import: false, export: false },
  { name: 'assignedTonnes', column: null, labelKey: f('assignedTonnes'), type: 'money', scale: 2, trimZeros: true, form: false, import: false, export: false, list: { width: 110 } },
  { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 200, list: hidden, form: { span: 3 } },
  { name: 'orders', column: null, labelKey: `${K}.ui.orders`, type: 'string', records: true, list: false, form: false, import: false, export: false },
  { name: 'publishedAt', labelKey: f('publishedAt'), type: 'datetime', sortable: true, list: hidden },
  { name: 'assignedAt', labelKey: f('assignedAt'), type: 'datetime', list: hidden },
  { name: 'distributionNote', labelKey: f('distributionNote'), type: 'string', form: false, import: false, list: hidden },
  { name: 'cancelReason', labelKey: f('cancelReason'), type: 'string', form: false, import: false, list: hidden },
];

export const sourceDef = defineResource({
  ...portOpsTable('source', 'ops_source', `${K}.title.source`, MENU.publish, 'sourceNo'),
  permissions: { list: SOURCE_PERMISSIONS.list, create: SOURCE_PERMISSIONS.add, update: SOURCE_PERMISSIONS.edit, delete: SOURCE_PERMISSIONS.remove, export: SOURCE_PERMISSIONS.list },
  detail: true,
  stateTabs: true,
  fields: sourceFields,
  stateMachine: {
    field: 'status',
    states: sourceStates,
    transitions: SOURCE_TRANSITIONS,
    editableIn: ['draft'],
    deletableIn: ['draft'],
    editRefusedKey: `${K}.msg.onlyDraftEdit`,
    deleteRefusedKey: `${K}.msg.onlyDraftDelete`,
  },
  variants: {
    // The publishing screen: everything but the assignment, which only the distribution makes.
    publishing: { filter: {}, actions: ['create', 'update', 'delete', 'export', 'publish', 'cancel', 'close'] },
    // The distribution screen: the published sources and what became of them; its own button assigns.
    distribution: { filter: { status: ['published', 'assigned', 'closed'] }, actions: ['export'] },
  },
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        customerId: pickedId(t, f('customer'), true),
        goods: r.text(f('goods'), 30),
        tonnes: r.decimal(f('tonnes'), { scale: 2, positive: true, maxDigits: 10 }),
        containers: r.number(f('containers'), { int: true, min: 1, max: 9999, optional: true }),
        lineId: pickedId(t, f('line')),
        vehicleType: r.oneOf(f('vehicleType'), VEHICLE_TYPES, { optional: true }),
        dangerousGoods: r.boolean(),
        loadingFrom: r.datetime(f('loadingFrom')),
        loadingTo: r.datetime(f('loadingTo')),
        unloadBy: r.datetime(f('unloadBy')),
        remark: r.optionalText(f('remark'), 200),
      })
      .superRefine((v, ctx) => {
        const from = Date.parse(String(v.loadingFrom));
        if (v.loadingTo && !(from < Date.parse(String(v.loadingTo)))) ctx.addIssue({ code: 'custom', path: ['loadingTo'], message: t(`${K}.msg.windowOrder`) });
        if (v.unloadBy && !(from < Date.parse(String(v.unloadBy)))) ctx.addIssue({ code: 'custom', path: ['unloadBy'], message: t(`${K}.msg.unloadAfterLoading`) });
      });
  },
});

/** The source form: its fields, then the loading window and unloading deadline. */
export const sourceDocument = defineDocument({
  resource: sourceDef,
  testId: 'source-form',
  defaults: () => ({ dangerousGoods: false }),
  sections: [{ fields: '*' }, { titleKey: `${K}.section.window`, fields: ['loadingFrom', 'loadingTo', 'unloadBy'] }],
  lines: [],
});

/** The distribution screen: the same sources (API and rows) under its own menu and title. */
export const distributionDef = { ...sourceDef, menu: MENU.distribute, titleKey: `${K}.title.distribution` };

// ---------------------------------------------------------------------------------------------
// Fleet orders (fleetorders)

const o = (k: string) => `${K}.order.${k}`;

export const ORDER_TRANSITIONS: Transition[] = [
  { name: 'accept', labelKey: `${K}.action.accept`, from: ['offered'], to: 'accepted', permission: ORDER_PERMISSIONS.accept, refusedKey: `${K}.msg.refused.accept`, primary: true, confirmKey: `${K}.confirm.accept` },
  {
    name: 'decline',
    labelKey: `${K}.action.decline`,
    from: ['offered'],
    to: 'declined',
    permission: ORDER_PERMISSIONS.decline,
    refusedKey: `${K}.msg.refused.decline`,
    primary: true,
    note: { field: 'declineReason', column: 'decline_reason', labelKey: o('declineReason'), required: true, maxLength: 200 },
  },
  { name: 'complete', labelKey: `${K}.action.complete`, from: ['accepted'], to: 'completed', permission: ORDER_PERMISSIONS.complete, refusedKey: `${K}.msg.refused.complete`, primary: true },
  {
    name: 'cancel',
    labelKey: `${K}.action.cancelOrder`,
    from: ['accepted'],
    to: 'cancelled',
    permission: ORDER_PERMISSIONS.cancel,
    refusedKey: `${K}.msg.refused.cancelOrder`,
    note: { field: 'cancelReason', column: 'cancel_reason', labelKey: o('cancelReason'), required: true, maxLength: 200 },
  },
];

export const fleetOrderDef = defineResource({
  ...portOpsTable('fleetOrder', 'ops_fleet_order', `${K}.title.fleetOrder`, MENU.orders, 'orderNo'),
  permissions: { list: ORDER_PERMISSIONS.list, export: ORDER_PERMISSIONS.list },
  detail: true,
  stateTabs: true,
  fields: [
    { name: 'orderNo', labelKey: o('orderNo'), type: 'string', sortable: true, filter: 'contains', list: { width: 160 } },
    { name: 'status', labelKey: o('status'), type: 'enum', options: orderStates, filter: 'eq', sortable: true, list: { width: 90 } },
    { name: 'sourceNo', column: null, labelKey: f('sourceNo'), type: 'string', list: { width: 160 } },
    { name: 'sourceId', labelKey: f('sourceNo'), type: 'integer', list: false, export: false },
    { name: 'fleetId', labelKey: o('fleet'), type: 'ref', lookup: 'portops.fleets', valueType: 'integer', filter: 'eq', list: { width: 180 } },
    { name: 'customerName', column: null, labelKey: f('customer'), type: 'string', list: { width: 180 } },
    { name: 'customerId', labelKey: f('customer'), type: 'integer', list: false, export: false },
    { name: 'lineName', column: null, labelKey: f('line'), type: 'string', list: { width: 180 } },
    { name: 'lineId', labelKey: f('line'), type: 'integer', list: false, export: false },
    { name: 'goodsName', column: null, labelKey: f('goods'), type: 'string', list: { width: 90 } },
    { name: 'tonnes', labelKey: o('tonnes'), type: 'money', scale: 2, trimZeros: true, sortable: true, summary: 'sum', list: { width: 90 } },
    { name: 'proposedTonnes', labelKey: o('proposedTonnes'), type: 'money', scale: 2, trimZeros: true, list: hidden },
    { name: 'price', labelKey: f('price'), type: 'money', scale: 2, list: { width: 90 } },
    { name: 'priceUnit', labelKey: f('priceUnit'), type: 'enum', options: priceUnitOptions, list: { width: 80 } },
    { name: 'currency', labelKey: f('currency'), type: 'string', list: { width: 70 } },
    { name: 'loadingFrom', column: null, labelKey: f('loadingFrom'), type: 'datetime', list: { width: 160 } },
    { name: 'loadingTo', column: null, labelKey: f('loadingTo'), type: 'datetime', list: hidden },
    { name: 'offerExpiresAt', labelKey: o('offerExpiresAt'), type: 'datetime', sortable: true, list: { width: 160 } },
    { name: 'offeredAt', labelKey: o('offeredAt'), type: 'datetime', sortable: true, list: hidden },
    { name: 'respondedAt', labelKey: o('respondedAt'), type: 'datetime', list: hidden },
    { name: 'declineReason', labelKey: o('declineReason'), type: 'string', list: { width: 160 } },
    { name: 'cancelReason', labelKey: o('cancelReason'), type: 'string', list: hidden },
    { name: 'parentOrderId', labelKey: o('parentOrder'), type: 'integer', list: false, export: false },
    { name: 'reofferOf', column: null, labelKey: o('parentOrder'), type: 'string', list: hidden },
  ],
  stateMachine: { field: 'status', states: orderStates, transitions: ORDER_TRANSITIONS },
  schema: () => z.object({}),
});
