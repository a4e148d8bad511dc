// Service orders (SPEC §3 "Service order", §4 "Order / declaration status"): a trader asks a
// customs broker to declare goods; the broker reviews (pass/fail with opinion), starts work
// and applies for completion; the trader confirms completion. The state machine is data: the
// server enforces it and the screen enables its buttons from it.
import { z } from 'zod';
import { crudPermissions, defineResource, permissionCodes, rules, type Transition } from '@core/shared';

export const ORDER_STATUS = ['draft', 'submitted', 'approved', 'rejected', 'inProgress', 'pendingConfirm', 'completed', 'stopped'] as const;
export type OrderStatus = (typeof ORDER_STATUS)[number];
export const DECL_TYPES = ['E', 'I'] as const;
/** Trade modes an order is placed for (监管方式 families seen on the China–Myanmar border). */
export const ORDER_TYPES = ['general', 'borderSmall', 'borderResident', 'processing', 'transit'] as const;

const P = 'customs:serviceOrder';
export const ORDER_PERMISSIONS = permissionCodes(P, ['submit', 'cancel', 'confirm', 'review', 'work']);

const tr = (name: string, from: OrderStatus[], to: OrderStatus, permission: string, refusedKey: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `customs:orders.action.${name}`,
  from,
  to,
  permission,
  refusedKey,
  ...extra,
});

const opinion = (required: boolean) => ({ field: 'reviewOpinion', column: 'review_opinion', labelKey: 'customs:orders.reviewOpinion', required, maxLength: 500 });

export const ORDER_TRANSITIONS: Transition[] = [
  tr('submit', ['draft'], 'submitted', ORDER_PERMISSIONS.submit, 'customs:orders.msg.containsSubmittedSubmit'),
  tr('cancel', ['draft'], 'stopped', ORDER_PERMISSIONS.cancel, 'customs:orders.msg.statusNotAllowed'),
  tr('approve', ['submitted'], 'approved', ORDER_PERMISSIONS.review, 'customs:orders.msg.statusNotAllowed', { note: opinion(false) }),
  tr('reject', ['submitted'], 'rejected', ORDER_PERMISSIONS.review, 'customs:orders.msg.statusNotAllowed', { note: opinion(true) }),
  tr('revise', ['rejected'], 'draft', ORDER_PERMISSIONS.edit, 'customs:orders.msg.statusNotAllowed'),
  tr('startWork', ['approved'], 'inProgress', ORDER_PERMISSIONS.work, 'customs:orders.msg.startOnlyApproved'),
  tr('applyCompletion', ['inProgress'], 'pendingConfirm', ORDER_PERMISSIONS.work, 'customs:orders.msg.statusNotAllowed'),
  tr('confirmCompletion', ['pendingConfirm'], 'completed', ORDER_PERMISSIONS.confirm, 'customs:orders.msg.confirmOnlyPending'),
];

export const serviceOrderDef = defineResource({
  plugin: 'customs',
  name: 'serviceOrder',
  table: 'cus_service_order',
  titleKey: 'customs:orders.title',
  menu: 'traderCenter.serviceOrder',
  labelField: 'orderNo',
  defaultSort: { field: 'id', dir: 'desc' },
  permissions: crudPermissions(P),
  fields: [
    { name: 'orderNo', labelKey: 'customs:orders.orderNo', type: 'string', sortable: true, filter: 'contains', form: false, list: { width: 170 } },
    {
      name: 'status',
      labelKey: 'customs:orders.status',
      type: 'enum',
      filter: 'eq',
      sortable: true,
      form: false,
      import: false,
      options: ORDER_STATUS.map((s) => ({ value: s, labelKey: `customs:orders.state.${s}` })),
    },
    { name: 'declType', labelKey: 'customs:orders.declType', type: 'enum', filter: 'eq', options: DECL_TYPES.map((v) => ({ value: v, labelKey: `customs:orders.declTypes.${v}` })) },
    { name: 'customerName', labelKey: 'customs:orders.customerName', type: 'string', filter: 'contains', maxLength: 100 },
    { name: 'declCustoms', labelKey: 'customs:orders.declCustoms', type: 'ref', lookup: 'customs.customsPorts', filter: 'eq' },
    { name: 'tradeCountry', labelKey: 'customs:orders.tradeCountry', type: 'ref', lookup: 'system.countries' },
    { name: 'arrivalCountry', labelKey: 'customs:orders.arrivalCountry', type: 'ref', lookup: 'system.countries', list: { hidden: true } },
    { name: 'productCount', labelKey: 'customs:orders.productCount', type: 'integer', sortable: true },
    { name: 'orderType', labelKey: 'customs:orders.orderType', type: 'enum', filter: 'eq', options: ORDER_TYPES.map((v) => ({ value: v, labelKey: `customs:orders.orderTypes.${v}` })) },
    { name: 'amount', labelKey: 'customs:orders.amount', type: 'money', sortable: true },
    { name: 'currency', labelKey: 'customs:orders.currency', type: 'ref', lookup: 'system.refCode.CURRENCY' },
    { name: 'brokerId', column: 'broker_enterprise_id', labelKey: 'customs:orders.broker', type: 'ref', lookup: 'customs.brokers', filter: 'eq', form: { span: 2 } },
    { name: 'traderName', labelKey: 'customs:orders.traderName', type: 'string', filter: 'contains', form: false },
    { name: 'customsAreaCode', labelKey: 'customs:orders.customsAreaCode', type: 'string', maxLength: 10, list: { hidden: true } },
    { name: 'orderTime', labelKey: 'customs:orders.orderTime', type: 'datetime', sortable: true, filter: 'range' },
    { name: 'reviewOpinion', labelKey: 'customs:orders.reviewOpinion', type: 'string', form: false, import: false },
    { name: 'remark', labelKey: 'customs:orders.remark', type: 'text', maxLength: 1000, list: { hidden: true }, form: { span: 3 } },
  ],
  stateMachine: {
    field: 'status',
    states: ORDER_STATUS.map((s) => ({ value: s, labelKey: `customs:orders.state.${s}` })),
    transitions: ORDER_TRANSITIONS,
    editableIn: ['draft', 'stopped'],
    deletableIn: ['draft'],
    editRefusedKey: 'customs:orders.msg.submittedNoEdit',
    deleteRefusedKey: 'customs:orders.msg.onlyDraftDelete',
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      declType: r.oneOf('customs:orders.declType', DECL_TYPES),
      customerName: r.text('customs:orders.customerName', 100),
      declCustoms: r.pattern('customs:orders.declCustoms', /^\d{4}$/),
      tradeCountry: r.pattern('customs:orders.tradeCountry', /^[A-Z]{2,3}$/),
      arrivalCountry: r.pattern('customs:orders.arrivalCountry', /^[A-Z]{2,3}$/),
      productCount: r.number('customs:orders.productCount', { int: true, min: 1, max: 100000 }),
      orderType: r.oneOf('customs:orders.orderType', ORDER_TYPES),
      amount: r.decimal('customs:orders.amount', { scale: 2 }),
      currency: r.pattern('customs:orders.currency', /^[A-Z]{3}$/),
      // "请选择报关行" when missing (SPEC §8).
      brokerId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z.number({ error: t('customs:orders.msg.selectBroker') }).int(t('customs:orders.msg.selectBroker')).positive(t('customs:orders.msg.selectBroker')),
      ),
      customsAreaCode: r.pattern('customs:orders.customsAreaCode', /^[0-9A-Z]{4,10}$/, { optional: true }),
      // Order remark 1–1000 characters (SPEC §5).
      remark: r.text('customs:orders.remark', 1000),
    });
  },
});
