// Yard plans (SPEC §2 /cargoManagement: inboundPlan, outboundPlan): the goods a customer plans
// to bring into the port yard or take out of it, in pieces and/or tonnes, at a yard (and berth)
// of the base data on a day. One table, one resource; the two screens are its variants by
// direction. A plan is confirmed, worked (the tally clerks' work confirmations add up to its
// executed quantities, work.ts) and closed, or cancelled before work starts. Isomorphic: the
// screens render from these declarations and the server enforces them.
import { z } from 'zod';
import { defineResource, rules, type FieldDef, type Transition } from '@core/shared';
import { portOpsTable } from '../common';

export const K = 'portops:tally';
export const f = (k: string) => `${K}.field.${k}`;

export const GROUP = 'cargoManagement';
export const MENU = {
  inbound: 'cargoManagement.inboundPlan',
  outbound: 'cargoManagement.outboundPlan',
  work: 'cargoManagement.workConfirmation',
  weight: 'cargoManagement.weightRecords',
} as const;

/** The demo shipper's role (货主): their customer's plans and weighings, read-only. */
export const SHIPPER_ROLE = 'SHIPPER';

export const PLAN_PERMISSIONS = {
  list: 'portops:yardPlan:list',
  add: 'portops:yardPlan:add',
  edit: 'portops:yardPlan:edit',
  remove: 'portops:yardPlan:remove',
  confirm: 'portops:yardPlan:confirm',
  cancel: 'portops:yardPlan:cancel',
  close: 'portops:yardPlan:close',
} as const;

/** Confirming work (the tally clerk), voiding it, and confirming more than the plan. */
export const WORK_PERMISSIONS = {
  list: 'portops:work:list',
  add: 'portops:work:add',
  void: 'portops:work:void',
  override: 'portops:work:override',
} as const;

export const DIRECTIONS = ['inbound', 'outbound'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const PLAN_STATES = ['draft', 'confirmed', 'executing', 'executed', 'closed', 'cancelled'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
/** The states work may be confirmed against (the work screen's plan picker offers these). */
export const WORKABLE_STATES: readonly PlanState[] = ['confirmed', 'executing'];

/** Tonnes keep three decimals (kilograms); pieces are whole. */
export const TONNE_SCALE = 3;

const states = PLAN_STATES.map((s) => ({ value: s, labelKey: `${K}.planState.${s}` }));

const tr = (name: string, from: PlanState[], to: PlanState, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `${K}.planAction.${name}`,
  from,
  to,
  permission,
  refusedKey: `${K}.msg.${name}Refused`,
  ...extra,
});

/**
 * The moves the work confirmations make (a plan's state follows its executed quantities): taken
 * by the server as the clerk who confirmed or voided the work, never offered on the plan screens
 * (their variants leave them out), and refused when the quantities do not say so.
 */
export const PROGRESS_TRANSITIONS = ['progress', 'complete', 'reset'] as const;

/** What the plan screens offer: the user's own moves and the usual list actions. */
const SCREEN_ACTIONS = ['create', 'update', 'delete', 'export', 'confirm', 'cancel', 'close'];

const qty = (name: string, key: string, type: 'integer' | 'money', extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  labelKey: f(key),
  type,
  ...(type === 'money' ? { scale: TONNE_SCALE, trimZeros: true } : {}),
  list: { width: 110 },
  ...extra,
});

export const yardPlanDef = defineResource({
  ...portOpsTable('yardPlan', 'ops_yard_plan', `${K}.title.plan`, MENU.inbound, 'planNo'),
  permissions: { list: PLAN_PERMISSIONS.list, create: PLAN_PERMISSIONS.add, update: PLAN_PERMISSIONS.edit, delete: PLAN_PERMISSIONS.remove, export: PLAN_PERMISSIONS.list },
  detail: true,
  stateTabs: true,
  fields: [
    { name: 'planNo', labelKey: f('planNo'), type: 'string', maxLength: 32, filter: 'contains', sortable: true, form: false, import: false, list: { width: 150 } },
    { name: 'status', labelKey: f('status'), type: 'enum', form: false, import: false, options: states, list: { width: 110 } },
    { name: 'direction', labelKey: f('direction'), type: 'enum', options: DIRECTIONS.map((d) => ({ value: d, labelKey: `${K}.direction.${d}` })), form: false, import: false, list: false },
    { name: 'customerId', labelKey: f('customer'), type: 'ref', lookup: 'portops.customers', valueType: 'integer', filter: 'eq', list: { width: 190 } },
    { name: 'goodsCode', labelKey: f('goods'), type: 'ref', lookup: 'system.goods', filter: 'eq', list: { width: 130 } },
    { name: 'planDate', labelKey: f('planDate'), type: 'date', filter: 'range', sortable: true, list: { width: 110 } },
    { name: 'yardCode', labelKey: f('yard'), type: 'ref', lookup: 'system.yards', filter: 'eq', list: { width: 170 } },
    { name: 'berthCode', labelKey: f('berth'), type: 'ref', lookup: 'system.berths', list: { hidden: true } },
    // Pieces start hidden in the list: most yard plans are counted in tonnes.
    qty('plannedPieces', 'plannedPieces', 'integer', { list: { width: 100, hidden: true } }),
    qty('plannedTonnes', 'plannedTonnes', 'money', { summary: 'sum' }),
    qty('donePieces', 'donePieces', 'integer', { form: false, import: false, list: { width: 100, hidden: true } }),
    qty('doneTonnes', 'doneTonnes', 'money', { form: false, import: false, summary: 'sum' }),
    { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 200, list: { hidden: true }, form: { span: 3 } },
    { name: 'statusNote', labelKey: f('statusNote'), type: 'string', form: false, import: false, list: { hidden: true } },
  ],
  stateMachine: {
    field: 'status',
    states,
    transitions: [
      tr('confirm', ['draft'], 'confirmed', PLAN_PERMISSIONS.confirm, { primary: true }),
      tr('cancel', ['draft', 'confirmed'], 'cancelled', PLAN_PERMISSIONS.cancel, {
        confirmKey: `${K}.confirm.cancel`,
        note: { field: 'statusNote', column: 'status_note', labelKey: f('cancelReason'), required: true, maxLength: 200 },
      }),
      // Closing a plan worked in part ends it short; its note says why.
      tr('close', ['executing', 'executed'], 'closed', PLAN_PERMISSIONS.close, {
        primary: true,
        note: { field: 'statusNote', column: 'status_note', labelKey: f('closeNote'), required: false, maxLength: 200 },
      }),
      tr('progress', ['confirmed', 'executed'], 'executing', WORK_PERMISSIONS.add),
      tr('complete', ['confirmed', 'executing'], 'executed', WORK_PERMISSIONS.add),
      tr('reset', ['executing', 'executed'], 'confirmed', WORK_PERMISSIONS.void),
    ],
    editableIn: ['draft'],
    deletableIn: ['draft'],
    editRefusedKey: `${K}.msg.onlyDraft`,
    deleteRefusedKey: `${K}.msg.onlyDraft`,
  },
  variants: {
    inbound: { filter: { direction: 'inbound' }, actions: SCREEN_ACTIONS, titleKey: `${K}.title.inbound` },
    outbound: { filter: { direction: 'outbound' }, actions: SCREEN_ACTIONS, titleKey: `${K}.title.outbound` },
  },
  schema: (t) => {
    const r = rules(t);
    const picked = (key: string) => {
      const msg = t('core:resource.required', { field: t(key) });
      const n = z.number({ error: msg }).int(msg).positive(msg);
      return z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), n);
    };
    return z
      .object({
        direction: r.oneOf(f('direction'), DIRECTIONS, { optional: true }),
        customerId: picked(f('customer')),
        goodsCode: r.text(f('goods'), 30),
        planDate: r.date(f('planDate')),
        yardCode: r.text(f('yard'), 30),
        berthCode: r.optionalText(f('berth'), 30),
        plannedPieces: r.number(f('plannedPieces'), { int: true, min: 1, max: 10_000_000, optional: true }),
        plannedTonnes: r.decimal(f('plannedTonnes'), { scale: TONNE_SCALE, positive: true, maxDigits: 12, optional: true }),
        remark: r.optionalText(f('remark'), 200),
      })
      .superRefine((v, ctx) => {
        if (v.plannedPieces === null && v.plannedTonnes === null) ctx.addIssue({ code: 'custom', path: ['plannedTonnes'], message: t(`${K}.msg.quantityRequired`) });
      });
  },
});

/** The plan screens: the resource under each menu and title, shown in its direction's variant. */
export const inboundPlanDef = { ...yardPlanDef, menu: MENU.inbound, titleKey: `${K}.title.inbound` };
export const outboundPlanDef = { ...yardPlanDef, menu: MENU.outbound, titleKey: `${K}.title.outbound` };
