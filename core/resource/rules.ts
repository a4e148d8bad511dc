// Zod building blocks with the catalogue's translated messages, so every resource writes
// "{{field}}不能为空" the same way. Isomorphic: the form validates with the same schema.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { parseIsoDate } from '../i18n/dates';
import { htmlText } from './html';

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** An ISO 8601 instant with its offset, a real calendar day and clock time (`2026-11-28T06:00:00.000Z`, `2026-11-28T13:30+07:00`). */
function isIsoInstant(v: string): boolean {
  const m = ISO_INSTANT.exec(v);
  if (!m || !parseIsoDate(m[1])) return false;
  const [h, min, sec, oh, om] = [m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  return h < 24 && min < 60 && sec < 60 && oh < 24 && om < 60;
}

export function rules(t: TFunction) {
  const label = (key: string) => t(key);
  const required = (key: string) => t('core:resource.required', { field: label(key) });
  /** Blank strings count as missing. */
  const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

  return {
    /** A required string of min..max characters (trimmed). */
    text(key: string, max: number, min = 1) {
      const s = z.string({ error: required(key) }).trim().min(1, required(key));
      const lengthMsg = min > 1 ? t('core:resource.lengthBetween', { field: label(key), min, max }) : t('core:resource.tooLong', { field: label(key), max });
      return s.min(min, lengthMsg).max(max, lengthMsg);
    },
    /** An optional string up to max characters; blank becomes null. */
    optionalText(key: string, max: number) {
      return z.preprocess(
        (v) => (blankToUndefined(v) === undefined ? null : v),
        z.string().trim().max(max, t('core:resource.tooLong', { field: label(key), max })).nullable(),
      );
    },
    /** A string matching a pattern (codes, phone numbers). */
    pattern(key: string, re: RegExp, opts: { optional?: boolean; messageKey?: string } = {}) {
      const msg = opts.messageKey ? t(opts.messageKey) : t('core:resource.invalid', { field: label(key) });
      // Blank is "required" (not "wrong format"); the pattern is checked on what was typed.
      const s = z.string({ error: required(key) }).trim().min(1, required(key)).regex(re, msg);
      return opts.optional ? z.preprocess((v) => (blankToUndefined(v) === undefined ? null : v), s.nullable()) : s;
    },
    /** A number (integer when asked), optionally bounded. */
    number(key: string, opts: { int?: boolean; min?: number; max?: number; optional?: boolean } = {}) {
      const nan = t('core:resource.mustBeNumber', { field: label(key) });
      let n = z.number({ error: (i) => (i.input === undefined || i.input === null ? required(key) : nan) });
      if (opts.int) n = n.int(nan);
      if (opts.min !== undefined) n = n.min(opts.min, t('core:resource.invalid', { field: label(key) }));
      if (opts.max !== undefined) n = n.max(opts.max, t('core:resource.invalid', { field: label(key) }));
      const coerced = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : blankToUndefined(v)), n);
      return opts.optional ? z.preprocess((v) => (blankToUndefined(v) === undefined ? null : v), coerced.nullable()) : coerced;
    },
    /** One of a fixed set of values. */
    oneOf<T extends string>(key: string, values: readonly T[], opts: { optional?: boolean } = {}) {
      const e = z.enum(values as unknown as [T, ...T[]], { error: (i) => (i.input === undefined || i.input === null || i.input === '' ? required(key) : t('core:resource.invalid', { field: label(key) })) });
      return opts.optional ? z.preprocess((v) => (blankToUndefined(v) === undefined ? null : v), e.nullable()) : z.preprocess(blankToUndefined, e);
    },
    /**
     * A decimal amount kept exact as a string (money, weights, quantities): digits with at
     * most `scale` decimals, never through floating point.
     */
    decimal(key: string, opts: { scale?: number; optional?: boolean; positive?: boolean; maxDigits?: number } = {}) {
      const scale = opts.scale ?? 2;
      const intDigits = (opts.maxDigits ?? 18) - scale;
      const nan = t('core:resource.mustBeNumber', { field: label(key) });
      const re = new RegExp(`^\\d{1,${intDigits}}(\\.\\d{1,${scale}})?$`);
      const s = z
        .string({ error: (i) => (i.input === undefined || i.input === null ? required(key) : nan) })
        .trim()
        .min(1, required(key))
        .refine((v) => /^-?\d*\.?\d*$/.test(v) && /\d/.test(v), nan)
        .refine((v) => !v.startsWith('-'), t('core:resource.invalid', { field: label(key) }))
        .refine((v) => re.test(v), t('core:resource.decimalPlaces', { field: label(key), scale }))
        .refine((v) => !opts.positive || /[1-9]/.test(v), t('core:resource.mustBePositive', { field: label(key) }));
      const pre = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : blankToUndefined(v));
      return opts.optional ? z.preprocess((v) => (pre(v) === undefined ? null : pre(v)), s.nullable()) : z.preprocess(pre, s);
    },
    /** A yes/no; left out (absent, null or blank) it is `opts.default` (false unless given). */
    boolean(opts: { default?: boolean } = {}) {
      return z.preprocess((v) => (v === undefined || v === null || v === '' ? !!opts.default : v === true || v === 1 || v === '1' || v === 'true'), z.boolean());
    },
    /** A date as YYYY-MM-DD. */
    date(key: string, opts: { optional?: boolean } = {}) {
      const s = z.string({ error: required(key) }).regex(/^\d{4}-\d{2}-\d{2}$/, t('core:resource.invalid', { field: label(key) }));
      return opts.optional ? z.preprocess((v) => (blankToUndefined(v) === undefined ? null : v), s.nullable()) : z.preprocess(blankToUndefined, s);
    },
    /**
     * A moment as an ISO instant with its offset (what the date-time input sends, `…Z`); a Date
     * is taken as its instant. Blank is missing, or null when optional.
     */
    datetime(key: string, opts: { optional?: boolean } = {}) {
      const invalid = t('core:resource.invalid', { field: label(key) });
      const s = z
        .string({ error: (i) => (i.input === undefined || i.input === null ? required(key) : invalid) })
        .trim()
        .min(1, required(key))
        .refine(isIsoInstant, invalid);
      const pre = (v: unknown) => (v instanceof Date ? (Number.isNaN(v.getTime()) ? String(v) : v.toISOString()) : blankToUndefined(v));
      return opts.optional ? z.preprocess((v) => pre(v) ?? null, s.nullable()) : z.preprocess(pre, s);
    },
    /**
     * Rich text (an `html` field) of at most `max` characters of markup: required unless optional,
     * where markup without any text (an empty editor's `<p></p>`) counts as blank.
     */
    richText(key: string, max: number, opts: { optional?: boolean } = {}) {
      const tooLong = t('core:resource.tooLong', { field: label(key), max });
      const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !htmlText(v) && !/<img\b/i.test(v));
      const s = z.string({ error: required(key) }).max(max, tooLong);
      return opts.optional ? z.preprocess((v) => (blank(v) ? null : v), s.nullable()) : z.preprocess((v) => (blank(v) ? undefined : v), s);
    },
    /** One id picked (a record, an uploaded file), or none: blank is null. */
    optionalId() {
      return z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), z.number().int().positive().nullable());
    },
    /** Ids picked from a lookup. */
    ids(key: string, opts: { min?: number; messageKey?: string } = {}) {
      return z.preprocess(
        (v) => (Array.isArray(v) ? v.map(Number) : []),
        z.array(z.number().int().positive()).min(opts.min ?? 0, opts.messageKey ? t(opts.messageKey) : required(key)),
      );
    },
  };
}
