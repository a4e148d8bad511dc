// What every manifest and report document shares (isomorphic): the life cycle draft (暂存) →
// submitted (申报) → customs receipts (accepted, inspection, released, rejected), its
// permission codes, and the schema pieces for codes, times and decimal-safe numbers.
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { crudPermissions, defineResource, type FieldDef, type PermissionDef, type ResourceDef, type StateMachine } from '@core/shared';

/** The screens of this area, in menu order (SPEC §2 "Customs Declaration Management"). */
export const DOCUMENTS = ['preManifest', 'originalManifest', 'arrivalReport', 'vehicleConfirm', 'tallyReport'] as const;
export type DocumentName = (typeof DOCUMENTS)[number];

export const CUSTOMS_DECLARE_MENU = 'customsDeclare';
export const menuKey = (doc: DocumentName) => `${CUSTOMS_DECLARE_MENU}.${doc}`;

export const DOC_STATES = ['draft', 'submitted', 'accepted', 'inspection', 'released', 'rejected'] as const;
export type DocState = (typeof DOC_STATES)[number];

/** Locale key of this area. */
export const k = (key: string) => `customs:manifests.${key}`;

export const PERMISSION_ACTIONS = ['list', 'add', 'edit', 'remove', 'submit'] as const;

export function documentPermissionDefs(doc: DocumentName): PermissionDef[] {
  return PERMISSION_ACTIONS.map((a) => ({ code: `customs:${doc}:${a}`, titleKey: k(`perm.${doc}.${a}`), menu: menuKey(doc), mandatory: a === 'list' }));
}

/** Drafts (and documents customs rejected) are edited and submitted; only drafts are deleted. */
export function documentMachine(doc: DocumentName): StateMachine {
  return {
    field: 'status',
    states: DOC_STATES.map((s) => ({ value: s, labelKey: k(`status.${s}`) })),
    transitions: [
      {
        name: 'submit',
        labelKey: k('action.submit'),
        from: ['draft', 'rejected'],
        to: 'submitted',
        permission: `customs:${doc}:submit`,
        refusedKey: k('msg.containsSubmitted'),
        confirmKey: k('confirm.submit'),
      },
    ],
    editableIn: ['draft', 'rejected'],
    deletableIn: ['draft'],
    editRefusedKey: 'core:resource.notEditable',
    deleteRefusedKey: k('msg.onlyDraftDelete'),
  };
}

/** The fields every document lists first: its number and its state. */
export const documentHead = (doc: DocumentName): FieldDef[] => [
  { name: 'docNo', labelKey: k('field.docNo'), type: 'string', sortable: true, filter: 'contains', form: false, list: { width: 170 } },
  { name: 'status', labelKey: k('field.status'), type: 'enum', filter: 'in', form: false, options: documentMachine(doc).states, list: { width: 100 } },
];

/** A manifest or report declaration: its rows in `table`, named by their document number, newest first. */
export function documentDef(name: DocumentName, table: string, fields: FieldDef[], schema: ResourceDef['schema']): ResourceDef {
  return defineResource({
    plugin: 'customs',
    name,
    table,
    titleKey: k(`title.${name}`),
    menu: menuKey(name),
    labelField: 'docNo',
    defaultSort: { field: 'id', dir: 'desc' },
    permissions: crudPermissions(`customs:${name}`),
    stateMachine: documentMachine(name),
    fields,
    schema,
  });
}

/** Customs response codes and the move each makes (receipts in other states are only recorded). */
export const RECEIPT_MOVES: Record<string, { from: DocState[]; to: DocState }> = {
  ACCEPTED: { from: ['submitted'], to: 'accepted' },
  INSPECTION: { from: ['submitted', 'accepted'], to: 'inspection' },
  RELEASED: { from: ['submitted', 'accepted', 'inspection'], to: 'released' },
  REJECTED: { from: ['submitted', 'accepted', 'inspection'], to: 'rejected' },
};

/** The codes customs answers each document with: inspection applies to vehicles only. */
export const RECEIPT_CODES: Record<DocumentName, string[]> = {
  preManifest: ['ACCEPTED', 'RELEASED', 'REJECTED'],
  originalManifest: ['ACCEPTED', 'RELEASED', 'REJECTED'],
  arrivalReport: ['ACCEPTED', 'RELEASED', 'REJECTED'],
  tallyReport: ['ACCEPTED', 'RELEASED', 'REJECTED'],
  vehicleConfirm: ['ACCEPTED', 'INSPECTION', 'RELEASED', 'REJECTED'],
};

export function receiptStatusFor(doc: DocumentName, code: string, current: string): DocState | null {
  const move = RECEIPT_CODES[doc].includes(code) ? RECEIPT_MOVES[code] : undefined;
  return move && (move.from as string[]).includes(current) ? move.to : null;
}

/** A rule's output type: nullable when the field is optional. */
type Rule<T, O> = z.ZodType<O extends { optional: true } ? T | null : T>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Schema pieces with the catalogue's messages. */
export function docRules(t: TFunction) {
  const required = (key: string) => t('core:resource.required', { field: t(key) });
  const invalid = (key: string) => t('core:resource.invalid', { field: t(key) });
  const optional = <T extends z.ZodType>(s: T, normalise: (v: unknown) => unknown = (v) => v) => z.preprocess((v) => (blank(v) ? null : normalise(v)), s.nullable());

  return {
    /** A code matching `re`; numbers from pickers become text again (padded to `pad` digits). */
    code<O extends { optional?: boolean; upper?: boolean; pad?: number }>(key: string, re: RegExp, opts: O = {} as O): Rule<string, O> {
      const normalise = (v: unknown) => {
        if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return opts.pad ? String(v).padStart(opts.pad, '0') : String(v);
        if (typeof v === 'string') return opts.upper ? v.trim().toUpperCase() : v.trim();
        return v;
      };
      const s = z.string({ error: required(key) }).regex(re, invalid(key));
      return (opts.optional ? optional(s, normalise) : z.preprocess((v) => (blank(v) ? undefined : normalise(v)), s)) as Rule<string, O>;
    },
    /**
     * A non-negative decimal checked as text (no float rounding): at most `scale` decimals and
     * `intDigits` integer digits (the column's size). Comes out as a plain decimal string.
     */
    decimal<O extends { scale: number; intDigits: number; optional?: boolean; positive?: boolean }>(key: string, opts: O): Rule<string, O> {
      const nan = t('core:resource.mustBeNumber', { field: t(key) });
      const normalise = (v: unknown) => (typeof v === 'number' ? (Number.isFinite(v) ? new Decimal(v).toFixed() : 'NaN') : typeof v === 'string' ? v.trim() : v);
      // One check in order: later checks would throw on text that is not a number.
      const s = z
        .string({ error: (i) => (i.input === undefined || i.input === null ? required(key) : nan) })
        .superRefine((v, ctx) => {
          if (!/^[+-]?\d+(\.\d+)?$/.test(v)) return ctx.addIssue({ code: 'custom', message: nan });
          const d = new Decimal(v);
          if (opts.positive ? d.lte(0) : d.lt(0)) return ctx.addIssue({ code: 'custom', message: invalid(key) });
          if (d.decimalPlaces() > opts.scale) return ctx.addIssue({ code: 'custom', message: t(k('msg.decimals'), { field: t(key), scale: opts.scale }) });
          if (d.abs().gte(new Decimal(10).pow(opts.intDigits))) ctx.addIssue({ code: 'custom', message: invalid(key) });
        })
        .transform((v) => (/^[+-]?\d+(\.\d+)?$/.test(v) ? new Decimal(v).toFixed() : v));
      return (opts.optional ? optional(s, normalise) : z.preprocess((v) => (blank(v) ? undefined : normalise(v)), s)) as Rule<string, O>;
    },
    /** A whole count (pieces), checked as text like the decimals. */
    count<O extends { optional?: boolean; min?: number }>(key: string, opts: O = {} as O): Rule<number, O> {
      const nan = t('core:resource.mustBeNumber', { field: t(key) });
      const normalise = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);
      const s = z
        .string({ error: (i) => (i.input === undefined || i.input === null ? required(key) : nan) })
        .regex(/^\d{1,9}$/, nan)
        .transform(Number)
        .refine((n) => n >= (opts.min ?? 0), invalid(key));
      return (opts.optional ? optional(s, normalise) : z.preprocess((v) => (blank(v) ? undefined : normalise(v)), s)) as Rule<number, O>;
    },
    /** A moment as an ISO string (the form sends local time converted to ISO). */
    datetime<O extends { optional?: boolean }>(key: string, opts: O = {} as O): Rule<string, O> {
      const s = z
        .string({ error: required(key) })
        .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/, invalid(key))
        .refine((v) => !Number.isNaN(new Date(v).getTime()), invalid(key))
        .transform((v) => new Date(v).toISOString());
      return (opts.optional ? optional(s) : z.preprocess((v) => (blank(v) ? undefined : v), s)) as Rule<string, O>;
    },
  };
}

/** Customs (关区) codes: 4 digits. */
export const CUSTOMS_CODE = /^\d{4}$/;
/** Transport mode codes of the QP table (2 waterway, 3 rail, 4 road, 5 air …). */
export const TRANSPORT_MODE = /^[0-9A-Z]$/;
export const PLACE_CODE = /^[0-9A-Z]{2,16}$/;
export const ENTERPRISE_CODE = /^[0-9A-Z]{1,32}$/;
export const BILL_NO = /^[0-9A-Za-z-]{1,50}$/;
export const PACKAGE_TYPE = /^[0-9A-Z]{2}$/;
export const CURRENCY = /^[A-Z]{3}$/;
export const HS_CODE = /^\d{6,10}$/;
/** UN numbers of dangerous goods. */
export const UN_NUMBER = /^\d{4}$/;
