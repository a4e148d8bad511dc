// The checks every base-data resource makes against the database: unique codes, picked
// codes that exist, and codes other rows still point at (which can be neither deleted nor
// renamed). Messages name the field, so the form shows them on the right input.
import { ApiError, FieldError } from '../../../../core/http/envelope.server';
import { columnOf, type ResourceDef } from '../../../../core/resource/define';
import type { HookContext, Row, WriteContext } from '../../../../core/resource/define.server';

/** A column of another table that holds this resource's code. */
export interface Referrer {
  table: string;
  column: string;
  /** Title of the referring resource, for the message ("已被堆场引用"). */
  titleKey: string;
}

function labelOf(def: ResourceDef, name: string): string {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${def.name} has no field ${name}`);
  return f.labelKey;
}

async function firstReferrer(ctx: HookContext, referrers: Referrer[], code: unknown): Promise<Referrer | null> {
  for (const r of referrers) if (await ctx.trx(r.table).where(r.column, String(code)).first()) return r;
  return null;
}

/** Each named field (a code) must not already belong to another row. */
export async function requireUnique(def: ResourceDef, input: Row, ctx: WriteContext, names: string[]): Promise<void> {
  const errors: Record<string, string> = {};
  for (const name of names) {
    const v = input[name];
    if (v === null || v === undefined || v === '') continue;
    const column = columnOf(def.fields.find((f) => f.name === name)!)!;
    const clash = await ctx.trx(def.table).where(column, v as string).whereNot('id', ctx.before ? Number(ctx.before.id) : 0).first();
    if (clash) errors[name] = ctx.t('core:resource.exists', { field: ctx.t(labelOf(def, name)) });
  }
  if (Object.keys(errors).length) throw new FieldError(errors);
}

/** A picked code must name an existing row: the picker may be stale and the API is open. */
export async function requireExisting(def: ResourceDef, ctx: WriteContext, field: string, table: string, where: Record<string, unknown>): Promise<Row> {
  const row = await ctx.trx(table).where(where).first();
  if (!row) throw new FieldError({ [field]: ctx.t('system:baseData.refused.notFound', { field: ctx.t(labelOf(def, field)) }) });
  return row as Row;
}

/** On update: a code other rows point at cannot change. */
export async function refuseCodeChangeWhileReferenced(def: ResourceDef, input: Row, ctx: WriteContext, field: string, referrers: Referrer[]): Promise<void> {
  if (!ctx.before || ctx.before[field] === input[field]) return;
  const by = await firstReferrer(ctx, referrers, ctx.before[field]);
  if (by) throw new FieldError({ [field]: ctx.t('system:baseData.refused.codeInUse', { field: ctx.t(labelOf(def, field)), by: ctx.t(by.titleKey) }) });
}

/** Before delete: no selected row may still be pointed at. */
export async function refuseDeleteWhileReferenced(def: ResourceDef, rows: Row[], ctx: HookContext, field: string, referrers: Referrer[]): Promise<void> {
  for (const row of rows) {
    const by = await firstReferrer(ctx, referrers, row[field]);
    if (by) throw new ApiError(ctx.t('system:baseData.refused.inUse', { name: String(row[def.labelField ?? field]), by: ctx.t(by.titleKey) }));
  }
}
