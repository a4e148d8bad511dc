// Schema pieces the base-data resources share (isomorphic: the forms validate with them too).
import { z } from 'zod';
import { crudPermissions, type EnumOption } from '@core/shared';

/** Codes are kept upper-case, so `cn` and `CN` name the same country. */
export function upper<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), schema);
}

/**
 * Region codes are all digits, and the generated form sends an all-digit picker value as a
 * number (it takes it for an id): read it back as the code.
 */
export function digits<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v), schema);
}

/** Internal codes of yards, berths, routes and goods. */
export const CODE = /^[A-Z0-9_-]{1,30}$/;

/** SPEC §5 "Phones": a mainland mobile number or a landline with area code (0692-4123456). */
export const PHONE = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

/** Enum options whose labels live under one locale prefix. */
export function options(values: readonly string[], prefix: string): EnumOption[] {
  return values.map((value) => ({ value, labelKey: `${prefix}.${value}` }));
}

/** The common head of a base-data table: its place under the dataBase menu, its title (`<texts>.title`) and its permissions. */
export function baseTable(name: string, table: string, texts: string) {
  return {
    plugin: 'system',
    name,
    table,
    titleKey: `${texts}.title`,
    menu: `dataBase.${name}`,
    permissions: crudPermissions(`system:${name}`, { withImport: true }),
  };
}

/** baseTable() of a table keyed by a unique `code`, sorted by it, its rows named by `labelField`. */
export function codedTable(name: string, table: string, texts: string, labelField = 'name') {
  return { ...baseTable(name, table, texts), unique: [['code']], labelField, defaultSort: { field: 'code', dir: 'asc' as const } };
}
