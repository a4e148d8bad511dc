// Schema pieces shared by the customs code tables. Codes are text, but the form and the
// importer send an all-digit value picked from a lookup as a number, which loses leading
// zeros (HS 0713…, customs 0100): numbers are turned back into the code they came from.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { rules } from '@core/shared';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** HS codes are 8 or 10 digits and never start with "00": a 7- or 9-digit number lost one zero. */
export function hsFromNumber(n: number): string {
  const s = String(n);
  return s.length === 7 || s.length === 9 ? `0${s}` : s;
}

/** Customs (关区) codes are always 4 digits. */
export const customsCodeFromNumber = (n: number): string => String(n).padStart(4, '0');

export interface CodeOptions {
  optional?: boolean;
  /** Catalogue key of the format message (default: "{{field}}格式不正确"). */
  messageKey?: string;
  /** How a number sent for this code becomes text. */
  fromNumber?: (n: number) => string;
  upper?: boolean;
}

/** A code matching `re`: blank counts as missing (the required message, not the format one). */
export function code(t: TFunction, key: string, re: RegExp, opts: CodeOptions = {}) {
  const r = rules(t);
  const fromNumber = opts.fromNumber ?? ((n: number) => String(n));
  const normalise = (v: unknown) => {
    if (blank(v)) return undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return fromNumber(v);
    if (typeof v === 'string') return opts.upper ? v.trim().toUpperCase() : v.trim();
    return v;
  };
  if (opts.optional) return z.preprocess((v) => normalise(v) ?? null, r.pattern(key, re, { optional: true, messageKey: opts.messageKey }));
  return z.preprocess(normalise, r.pattern(key, re, { messageKey: opts.messageKey }));
}

/** A real calendar day as YYYY-MM-DD (the shared rule checks only the shape). */
export function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
