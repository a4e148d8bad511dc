// What a write stores and may store: the declared fields' column values (through the
// resource's toDb hook) and its uniqueness rules, checked in the write's transaction; and what
// the write's hooks are handed.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { FieldError } from '../http/envelope.server';
import { getRegistry } from '../registry.server';
import { columnOf, uniqueRules } from './define';
import { sanitizeRichText } from './html.server';
import type { Actor, HookContext, Row, ServerResource, WriteContext } from './define.server';

/** A hook's context: the write's transaction, who writes, their language, and pickers read through the transaction. */
export function hookContext(trx: Knex.Transaction, actor: Actor, t: TFunction): HookContext {
  return { trx, actor, t, lookup: (name) => getRegistry().context(trx).lookup(name, actor.user), services: getRegistry() };
}

/** Fields to columns, the way a resource without a toDb hook stores them. */
export function defaultToDb(sr: ServerResource, input: Row): Row {
  const out: Row = {};
  for (const f of sr.def.fields) {
    const col = columnOf(f);
    if (!col || col.includes('.') || !(f.name in input) || f.type === 'password' || f.type === 'refs') continue;
    const v = input[f.name];
    out[col] = v === '' ? null : v;
  }
  return out;
}

/**
 * The column values a write stores: the default mapping, passed through the resource's toDb hook
 * if it has one; rich text (`html` fields) sanitised last, whatever the hook stored.
 */
export async function columnValues(sr: ServerResource, input: Row, ctx: WriteContext): Promise<Row> {
  const defaults = defaultToDb(sr, input);
  const values = sr.hooks.toDb ? await sr.hooks.toDb(input, ctx, defaults) : defaults;
  for (const f of sr.def.fields) {
    const col = f.type === 'html' ? columnOf(f) : null;
    if (col && typeof values[col] === 'string') values[col] = sanitizeRichText(values[col] as string);
  }
  return values;
}

/**
 * The resource's `unique` rules, in the write's transaction: another row (never the row being
 * updated) holding the same values is a field error on the rule's last field. A rule with an
 * empty value is skipped (a blank optional code clashes with nothing); a field the update
 * leaves out keeps its stored value.
 */
export async function checkUnique(sr: ServerResource, input: Row, ctx: WriteContext): Promise<void> {
  const errors: Record<string, string> = {};
  for (const rule of uniqueRules(sr.def)) {
    const last = rule.fields[rule.fields.length - 1];
    if (errors[last]) continue;
    const where: Row = {};
    for (const name of rule.fields) {
      const f = sr.def.fields.find((x) => x.name === name)!;
      where[columnOf(f)!] = name in input ? input[name] : ctx.before?.[name];
    }
    if (Object.values(where).some((v) => v === null || v === undefined || v === '')) continue;
    // An edit that keeps the key keeps a key this check passed when it was stored.
    if (ctx.before && rule.fields.every((name) => !(name in input) || String(input[name]) === String(ctx.before![name]))) continue;
    const clash = await ctx.trx(sr.def.table).where(where).whereNot('id', ctx.before ? Number(ctx.before.id) : 0).first('id');
    if (!clash) continue;
    const label = sr.def.fields.find((x) => x.name === last)!.labelKey;
    errors[last] = rule.messageKey ? ctx.t(rule.messageKey) : ctx.t('core:resource.exists', { field: ctx.t(label) });
  }
  if (Object.keys(errors).length) throw new FieldError(errors);
}
