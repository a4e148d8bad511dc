// The checks every base-data resource makes against the database (unique codes are declared on
// the resources): picked codes that exist, and codes other rows still point at (which can be
// neither deleted nor renamed). Messages name the field, so the form shows them on the right input.
import { ApiError, FieldError, type HookContext, type Row, type WriteContext } from '@core/server';
import type { ResourceDef } from '@core/shared';

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
