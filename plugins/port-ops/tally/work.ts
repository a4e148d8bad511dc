// Work confirmations (SPEC §2 /cargoManagement/workConfirmation): the tally clerk confirms the
// work actually done against a confirmed or executing plan — pieces and/or tonnes, the yard
// slot, start and end time, the team. The plan's executed quantities are the sum of its
// confirmed work; work beyond the plan needs an override with its reason (and the permission).
// Confirmed work is not edited: it is voided with a reason, which recomputes the plan.
import { z } from 'zod';
import { defineDocument, defineResource, rules, type FieldDef } from '@core/shared';
import { portOpsTable } from '../common';
import { K, MENU, TONNE_SCALE, WORK_PERMISSIONS, f } from './plan';

export const WORK_STATES = ['confirmed', 'voided'] as const;
const states = WORK_STATES.map((s) => ({ value: s, labelKey: `${K}.workState.${s}` }));

const time = (name: string): FieldDef => ({ name, labelKey: f(name), type: 'datetime', sortable: true, filter: name === 'startAt' ? 'range' : undefined, list: { width: 160 }, form: {} });

export const workDef = defineResource({
  ...portOpsTable('workConfirmation', 'ops_work_confirmation', `${K}.title.work`, MENU.work, 'planId'),
  permissions: { list: WORK_PERMISSIONS.list, create: WORK_PERMISSIONS.add, export: WORK_PERMISSIONS.list },
  defaultSort: { field: 'startAt', dir: 'desc' },
  detail: true,
  // 全部 / 已确认 / 已作废 above the list: the total under it is then the confirmed work's.
  stateTabs: true,
  fields: [
    { name: 'planId', labelKey: f('plan'), type: 'ref', lookup: 'portops.yardPlans', search: true, valueType: 'integer', filter: 'eq', list: { width: 240 }, form: { span: 2 } },
    { name: 'status', labelKey: f('status'), type: 'enum', form: false, import: false, options: states, list: { width: 110 } },
    { name: 'pieces', labelKey: f('pieces'), type: 'integer', list: { width: 90 }, form: { span: 1 } },
    { name: 'tonnes', labelKey: f('tonnes'), type: 'money', scale: TONNE_SCALE, trimZeros: true, summary: 'sum', list: { width: 100 }, form: { span: 1 } },
    { name: 'yardSlot', labelKey: f('yardSlot'), type: 'string', maxLength: 30, filter: 'contains', list: { width: 110 }, form: { span: 1, helpKey: `${K}.hint.yardSlot` } },
    { name: 'team', labelKey: f('team'), type: 'string', maxLength: 50, filter: 'contains', list: { width: 110 }, form: { span: 1 } },
    time('startAt'),
    time('endAt'),
    { name: 'override', labelKey: f('override'), type: 'boolean', filter: 'eq', list: { width: 90 }, form: { span: 1 } },
    { name: 'overrideReason', labelKey: f('overrideReason'), type: 'text', maxLength: 200, list: { hidden: true }, form: { span: 3 } },
    { name: 'voidReason', labelKey: f('voidReason'), type: 'string', form: false, import: false, list: { hidden: true } },
    { name: 'createdAt', labelKey: f('confirmedAt'), type: 'datetime', sortable: true, list: { hidden: true } },
  ],
  stateMachine: {
    field: 'status',
    states,
    transitions: [
      {
        name: 'void',
        labelKey: `${K}.workAction.void`,
        from: ['confirmed'],
        to: 'voided',
        permission: WORK_PERMISSIONS.void,
        refusedKey: `${K}.msg.voidRefused`,
        confirmKey: `${K}.confirm.void`,
        note: { field: 'voidReason', column: 'void_reason', labelKey: f('voidReason'), required: true, maxLength: 200 },
      },
    ],
  },
  schema: (t) => {
    const r = rules(t);
    const picked = z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
      z.number({ error: t('core:resource.required', { field: t(f('plan')) }) }).int().positive(),
    );
    return z
      .object({
        planId: picked,
        pieces: r.number(f('pieces'), { int: true, min: 0, max: 10_000_000, optional: true }),
        tonnes: r.decimal(f('tonnes'), { scale: TONNE_SCALE, maxDigits: 12, optional: true }),
        yardSlot: r.text(f('yardSlot'), 30),
        team: r.text(f('team'), 50),
        startAt: r.datetime(f('startAt')),
        endAt: r.datetime(f('endAt')),
        override: r.boolean(),
        overrideReason: r.optionalText(f('overrideReason'), 200),
      })
      .superRefine((v, ctx) => {
        const issue = (path: string, key: string) => ctx.addIssue({ code: 'custom', path: [path], message: t(`${K}.msg.${key}`) });
        if (!(Number(v.pieces ?? 0) > 0) && !(Number(v.tonnes ?? 0) > 0)) issue('tonnes', 'workQuantityRequired');
        if (v.startAt && v.endAt && Date.parse(v.endAt) <= Date.parse(v.startAt)) issue('endAt', 'endBeforeStart');
        if (v.override && !v.overrideReason) issue('overrideReason', 'overrideReasonRequired');
      });
  },
});

/** The work form: the plan and quantities, the start and end time, the override. */
export const workDocument = defineDocument({
  resource: workDef,
  testId: 'work-form',
  sections: [{ fields: ['planId', 'pieces', 'tonnes', 'yardSlot', 'team'] }, { fields: ['startAt', 'endAt'] }, { fields: ['override', 'overrideReason'] }],
  when: { overrideReason: (v) => !!v.override },
  lines: [],
  maxWidth: 'md',
});
