// The resource engine's server side: list (whitelisted filters and sorts, data scope, fast
// counts, deferred-join deep pages, keyset cursors), get, create, update with optimistic
// locking, delete and state transitions, each write audited in its own transaction.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { getKnex, isMysql, toDate, whereContains } from '../db/knex.server';
import { ApiError, CODE, FieldError } from '../http/envelope.server';
import { hasPermission, type SessionUser } from '../rbac/menu';
import { forgetSessionUsers, IDENTITY_TABLES } from '../rbac/access.server';
import { afterCommit } from '../db/afterCommit.server';
import { createCache } from '../cache/cache.server';
import { columnOf, resourceKey, transitionAmountCheck, type FieldDef, type Transition } from './define';
import type { Actor, Row, ServerResource, WriteContext } from './define.server';
import { writeAudit } from './audit.server';
import { sanitizeRichText } from './html.server';
import { claimImages, releaseImages } from './images.server';
import { checkUnique, columnValues, hookContext } from './columns.server';
import { zodFieldErrors } from './fieldErrors';
import type { FilterValue, ListQuery, ListResult } from './listQuery';

export { checkUnique, columnValues, defaultToDb, hookContext } from './columns.server';
export { zodFieldErrors } from './fieldErrors';
export { parseListQuery, type FilterValue, type ListQuery, type ListResult } from './listQuery';

function qualified(sr: ServerResource, f: FieldDef): string {
  const col = columnOf(f)!;
  return col.includes('.') ? col : `${sr.def.table}.${col}`;
}

export function baseQuery(sr: ServerResource, knex: Knex): Knex.QueryBuilder {
  if (sr.hooks.query) return sr.hooks.query(knex);
  const q = knex(sr.def.table).select(`${sr.def.table}.*`);
  const soft = sr.hooks.softDelete;
  if (soft && !soft.keepInList && typeof soft.value !== 'function') q.whereNot(`${sr.def.table}.${soft.column}`, soft.value as string);
  return q;
}

function applyFilters(sr: ServerResource, qb: Knex.QueryBuilder, filters: Record<string, FilterValue>): void {
  for (const [name, fv] of Object.entries(filters)) {
    const f = sr.def.fields.find((x) => x.name === name);
    if (!f || !columnOf(f)) continue;
    const col = qualified(sr, f);
    if (fv.kind === 'contains') whereContains(qb, col, fv.value);
    else if (fv.kind === 'eq') qb.where(col, f.type === 'boolean' ? fv.value === 'true' || fv.value === '1' : fv.value);
    else if (fv.kind === 'in') qb.whereIn(col, fv.values);
    else if (fv.kind === 'range') {
      const conv = (v: string, end: boolean) => {
        if (f.type === 'date') return v;
        if (f.type === 'datetime') {
          const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T${end ? '23:59:59.999' : '00:00:00'}` : v);
          return Number.isNaN(d.getTime()) ? null : d;
        }
        const n = Number(v);
        return Number.isFinite(n) ? n : null;
      };
      const from = fv.from ? conv(fv.from, false) : null;
      const to = fv.to ? conv(fv.to, true) : null;
      if (from !== null) qb.where(col, '>=', from);
      if (to !== null) qb.where(col, '<=', to);
    }
  }
}

/** Department ids at and below a department (the tree is small: read it whole). */
export async function deptAndBelow(knex: Knex, deptId: number): Promise<number[]> {
  const rows: { id: number; parent_id: number | null }[] = await knex('sys_dept').select('id', 'parent_id');
  const out = new Set<number>([deptId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parent_id !== null && out.has(Number(r.parent_id)) && !out.has(Number(r.id))) {
        out.add(Number(r.id));
        grew = true;
      }
    }
  }
  return [...out];
}

/** Narrows a query to the rows the user's data scope allows; never widened by input. */
export async function applyScope(sr: ServerResource, qb: Knex.QueryBuilder, user: SessionUser, knex: Knex): Promise<void> {
  if (sr.hooks.restrict) await sr.hooks.restrict(qb, user, knex);
  if (!sr.scope || user.dataScope === 'all') return;
  const { dept, owner } = sr.scope;
  const col = (c: string) => (c.includes('.') ? c : `${sr.def.table}.${c}`);
  if (user.dataScope === 'dept' && dept && user.deptId) {
    const ids = await deptAndBelow(knex, user.deptId);
    if (owner) qb.where((w) => w.whereIn(col(dept), ids).orWhere(col(owner), user.id));
    else qb.whereIn(col(dept), ids);
    return;
  }
  if (owner) qb.where(col(owner), user.id);
  else qb.whereRaw('1 = 0');
}

export function toApiValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (f.type) {
    case 'boolean':
      return v === true || v === 1 || v === '1';
    case 'integer':
    case 'number':
    case 'image':
      return Number(v);
    case 'money':
      if (f.trimZeros) return new Decimal(String(v)).toFixed();
      // MariaDB hands DECIMAL back as text with the column's scale; SQLite (the embedded
      // default) as a number, written here the same way (never dropping a digit it has).
      if (typeof v === 'number') {
        const d = new Decimal(String(v));
        return d.toFixed(Math.max(f.scale ?? 2, d.decimalPlaces()));
      }
      return String(v);
    case 'enum':
      // The declared option values are strings; an integer column answers them as such.
      return String(v);
    case 'datetime':
      return toDate(v)?.toISOString() ?? null;
    case 'date': {
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      const s = String(v);
      return /^\d+$/.test(s) ? new Date(Number(s)).toISOString().slice(0, 10) : s.slice(0, 10);
    }
    case 'password':
      return null;
    case 'html':
      // Sanitised on save, and again on the way out: a row written around the engine (an old
      // row, a direct write) never reaches a page or a partner unsanitised.
      return sanitizeRichText(String(v));
    default:
      return v;
  }
}

/** A database row in API form: declared fields by name, plus id/version/stamps. */
/** Per resource, its fields with a column and the key of that column in a row read. */
const rowKeys = new WeakMap<ServerResource, { f: FieldDef; key: string }[]>();

function keysOf(sr: ServerResource) {
  let keys = rowKeys.get(sr);
  if (!keys) {
    keys = sr.def.fields.flatMap((f) => {
      const col = columnOf(f);
      return col ? [{ f, key: col.includes('.') ? col.split('.').pop()! : col }] : [];
    });
    rowKeys.set(sr, keys);
  }
  return keys;
}

export function toApiRow(sr: ServerResource, row: Row): Row {
  const out: Row = { id: Number(row.id) };
  for (const { f, key } of keysOf(sr)) out[f.name] = toApiValue(f, row[key]);
  if (sr.def.versioned !== false && row.version !== undefined) out.version = Number(row.version);
  if (sr.def.stamped !== false) {
    out.createdAt = toDate(row.created_at)?.toISOString() ?? null;
    out.updatedAt = toDate(row.updated_at)?.toISOString() ?? null;
  }
  return out;
}

/** List totals per resource, filters and viewer; a write to a resource drops its totals in
 *  every process (core/cache). Small tables recount every few seconds; a total of a large
 *  table may be half a minute old, unless a write through the engine changed it. */
const countCache = createCache<number>({
  topic: 'resource.counts',
  max: 500,
  ttlMs: (n) => (n >= 100_000 ? 30_000 : 3_000),
  // An invalidation names the resource; entries are keyed `resource|scope|…`.
  matches: (entryKey, resource) => entryKey.startsWith(`${resource}|`),
});

function countRows(qb: Knex.QueryBuilder, key: string): Promise<number> {
  return countCache.get(key, () =>
    qb
      .clearSelect()
      .clearOrder()
      .count({ n: '*' })
      .first()
      .then((row: { n?: unknown } | undefined) => Number(row?.n ?? 0)),
  );
}

/**
 * Runs a write in its own transaction. Any write to a resource makes its cached totals stale in
 * every process; a write to users, roles, grants or menus also makes every process re-read
 * identities (their hooks write the join tables in the same transaction). A write made inside a
 * caller's transaction is announced once that transaction commits. The answer waits for the
 * identities' announcement (permissions hold everywhere once it is given), not for the totals':
 * this process drops them at once, the others on their next read of the versions either way.
 */
async function writeTransaction<T>(sr: ServerResource, knex: Knex, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const out = await knex.transaction(write);
  const identity = IDENTITY_TABLES.has(sr.def.table);
  await afterCommit(knex, async () => {
    void countCache.invalidate(resourceKey(sr.def));
    if (identity) await forgetSessionUsers();
  });
  return out;
}

function orderOf(sr: ServerResource, q: ListQuery) {
  const table = sr.def.table;
  const sort = q.sort ?? sr.def.defaultSort ?? { field: 'id', dir: 'desc' as const };
  const sortField = sr.def.fields.find((f) => f.name === sort.field);
  const sortCol = sortField && columnOf(sortField) ? qualified(sr, sortField) : `${table}.id`;
  const idCol = `${table}.id`;
  const order = [{ column: sortCol, order: sort.dir }, ...(sortCol === idCol ? [] : [{ column: idCol, order: sort.dir }])];
  return { sort, sortCol, idCol, order };
}

/** The filtered, scoped and ordered query of a list (export walks it whole). Wrapped in an
 *  object: a query builder is thenable, so resolving the promise with it would run it. */
export async function listQueryBuilder(sr: ServerResource, user: SessionUser, q: ListQuery, knex: Knex): Promise<{ qb: Knex.QueryBuilder }> {
  const qb = baseQuery(sr, knex);
  applyFilters(sr, qb, q.filters);
  await applyScope(sr, qb, user, knex);
  return { qb: qb.orderBy(orderOf(sr, q).order) };
}

export async function listRows(sr: ServerResource, user: SessionUser, q: ListQuery, knex: Knex = getKnex()): Promise<ListResult> {
  const { def } = sr;
  const table = def.table;
  const filtered = baseQuery(sr, knex);
  applyFilters(sr, filtered, q.filters);
  await applyScope(sr, filtered, user, knex);
  const total = q.withTotal ? await countRows(filtered.clone(), `${resourceKey(def)}|${user.dataScope}|${user.deptId}|${user.id}|${JSON.stringify(q.filters)}`) : null;
  const { sort, sortCol, idCol, order } = orderOf(sr, q);

  let rows: Row[];
  const offset = (q.page - 1) * q.pageSize;
  if (q.after && sortCol === idCol) {
    rows = await filtered
      .clone()
      .where(idCol, sort.dir === 'desc' ? '<' : '>', q.after)
      .orderBy(order)
      .limit(q.pageSize);
  } else if (q.before && sortCol === idCol) {
    // The previous page: walk backwards from the cursor, then restore the display order.
    const back = [{ column: idCol, order: sort.dir === 'desc' ? 'asc' : 'desc' }];
    rows = (
      await filtered
        .clone()
        .where(idCol, sort.dir === 'desc' ? '>' : '<', q.before)
        .orderBy(back)
        .limit(q.pageSize)
    ).reverse();
  } else if (offset >= 1000 && !sr.hooks.query && isMysql(knex)) {
    // Deferred join: walk the index for the page's ids, then fetch only those rows.
    const ids = filtered.clone().clearSelect().select(idCol).orderBy(order).limit(q.pageSize).offset(offset).as('page_ids');
    rows = await knex(table).select(`${table}.*`).join(ids, 'page_ids.id', idCol).orderBy(order);
  } else {
    rows = await filtered.clone().orderBy(order).limit(q.pageSize).offset(offset);
  }
  const apiRows = rows.map((r) => toApiRow(sr, r));
  if (sr.hooks.decorate) await sr.hooks.decorate(apiRows, knex);
  const last = apiRows[apiRows.length - 1];
  return {
    rows: apiRows,
    total,
    page: q.page,
    pageSize: q.pageSize,
    nextCursor: sortCol === idCol && apiRows.length === q.pageSize && last ? Number(last.id) : null,
  };
}

/**
 * One row the user may see, or a not-found error (the same for "exists but out of scope").
 * `scoped: false` skips the scope: a row just checked, re-read after a write.
 */
export async function getRow(sr: ServerResource, user: SessionUser, id: number, t: TFunction, knex: Knex = getKnex(), opts: { scoped?: boolean } = {}): Promise<Row> {
  const qb = baseQuery(sr, knex).where(`${sr.def.table}.id`, id);
  if (opts.scoped !== false) await applyScope(sr, qb, user, knex);
  const row = await qb.first();
  if (!row) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  const api = toApiRow(sr, row);
  if (sr.hooks.decorate) await sr.hooks.decorate([api], knex);
  return api;
}

function masked(sr: ServerResource, row: Row | null): Row | null {
  if (!row) return row;
  const out = { ...row };
  for (const f of sr.def.fields) if (f.type === 'password' && f.name in out) out[f.name] = '***';
  return out;
}

function labelOf(sr: ServerResource, row: Row | null): string | null {
  const field = sr.def.labelField;
  return field && row && row[field] !== undefined && row[field] !== null ? String(row[field]).slice(0, 255) : null;
}

export interface WriteOptions {
  knex?: Knex;
  /** Skip the permission check (import runs check it once for the whole file). */
  trusted?: boolean;
}

function requirePermission(user: SessionUser, code: string | undefined, t: TFunction): void {
  if (!code || !hasPermission(user, code)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
}

/**
 * A write on existing rows (update, delete, transition) acts only on rows the user can read:
 * it needs the action's permission and the resource's list permission (the read), and takes the
 * rows through the read's data scope (getRow, visibleRows). A user who may take a step on some
 * other screen of the same table (the bank confirming receipt on its receivables) does it there.
 */
function requireWritePermission(sr: ServerResource, user: SessionUser, code: string | undefined, t: TFunction): void {
  requirePermission(user, code, t);
  requirePermission(user, sr.def.permissions.list, t);
}

/** A resource's zod schema for one translate function (one per language, see tFor) and mode,
 *  built once: building it costs more than most of a write's own work. */
const schemas = new WeakMap<ServerResource, WeakMap<TFunction, Partial<Record<'create' | 'update', ReturnType<ServerResource['def']['schema']>>>>>();

export function schemaOf(sr: ServerResource, t: TFunction, mode: 'create' | 'update') {
  let byT = schemas.get(sr);
  if (!byT) schemas.set(sr, (byT = new WeakMap()));
  let modes = byT.get(t);
  if (!modes) byT.set(t, (modes = {}));
  return (modes[mode] ??= sr.def.schema(t, mode));
}

export async function createRow(sr: ServerResource, actor: Actor, input: unknown, t: TFunction, opts: WriteOptions = {}): Promise<Row> {
  if (!opts.trusted) requirePermission(actor.user, sr.def.permissions.create, t);
  const parsed = schemaOf(sr, t, 'create').safeParse(input);
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error, sr.def.fields));
  const data = parsed.data as Row;
  const knex = opts.knex ?? getKnex();
  return writeTransaction(sr, knex, async (trx) => {
    const ctx: WriteContext = { ...hookContext(trx, actor, t), op: 'create', before: null };
    await checkUnique(sr, data, ctx);
    if (sr.hooks.validate) await sr.hooks.validate(data, ctx);
    const values = await columnValues(sr, data, ctx);
    const now = new Date();
    if (sr.def.stamped !== false) Object.assign(values, { created_at: now, created_by: actor.user.id, updated_at: now, updated_by: actor.user.id });
    if (sr.def.versioned !== false) values.version = 1;
    const [id] = await trx(sr.def.table).insert(values);
    const newId = Number(id);
    await claimImages(trx, sr, newId, data, null, actor.user, t);
    if (sr.hooks.afterWrite) await sr.hooks.afterWrite(newId, data, ctx);
    const after = await getRow(sr, actor.user, newId, t, trx).catch(async () => toApiRow(sr, await trx(sr.def.table).where({ id: newId }).first()));
    await writeAudit(trx, { resource: resourceKey(sr.def), recordId: newId, action: 'create', actor, before: null, after: masked(sr, after), summary: labelOf(sr, after) });
    return ctx.reveal ? { ...after, ...ctx.reveal } : after;
  });
}

/** Field types whose value reads back from either database exactly as written (given the checks in answerOf). */
const ROUND_TRIP = new Set<FieldDef['type']>(['string', 'text', 'html', 'integer', 'boolean', 'enum', 'ref']);

/**
 * The row an update answers, made from the row read before it with the written columns laid
 * over it, or null when only reading the row again gives it exactly: a resource with its own
 * query, toDb or decorate hook, or an afterWrite that may change the row; a value a database
 * hands back in another form (money's scale, dates, a ref whose column type is not known).
 */
function answerOf(sr: ServerResource, before: Row, values: Row): Row | null {
  const { hooks } = sr;
  if (hooks.query || hooks.toDb || hooks.decorate || (hooks.afterWrite && !hooks.afterWriteLeavesRow)) return null;
  const after: Row = { ...before };
  for (const f of sr.def.fields) {
    const col = columnOf(f);
    if (!col || !(col in values)) continue;
    const v = values[col];
    if (!ROUND_TRIP.has(f.type) || (v !== null && typeof v === 'object')) return null;
    if (f.type === 'string' || f.type === 'text' || f.type === 'html' || f.type === 'ref') {
      // Text reads back as text; a ref's column type shows in the value read before.
      const was = before[f.name];
      if (v !== null && (typeof v !== 'string' || (f.type === 'ref' && typeof was !== 'string'))) return null;
    }
    after[f.name] = toApiValue(f, v);
  }
  if ('version' in values) after.version = Number(values.version);
  if (values.updated_at instanceof Date) after.updatedAt = values.updated_at.toISOString();
  return after;
}

export async function updateRow(sr: ServerResource, actor: Actor, id: number, input: unknown, t: TFunction, opts: WriteOptions = {}): Promise<Row> {
  if (!opts.trusted) requireWritePermission(sr, actor.user, sr.def.permissions.update, t);
  const knex = opts.knex ?? getKnex();
  const body = (input ?? {}) as Row;
  const versioned = sr.def.versioned !== false;
  const expected = Number(body.version);
  if (versioned && !Number.isInteger(expected)) throw new ApiError(t('core:resource.versionRequired'));
  return writeTransaction(sr, knex, async (trx) => {
    const before = await getRow(sr, actor.user, id, t, trx);
    const sm = sr.def.stateMachine;
    if (sm?.editableIn && !sm.editableIn.includes(String(before[sm.field]))) throw new ApiError(t(sm.editRefusedKey ?? 'core:resource.notEditable'));
    if (versioned && Number(before.version) !== expected) throw new ApiError(t('core:resource.conflict'), CODE.ERROR, 409);
    const parsed = schemaOf(sr, t, 'update').safeParse({ ...body });
    if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error, sr.def.fields));
    const data = parsed.data as Row;
    const ctx: WriteContext = { ...hookContext(trx, actor, t), op: 'update', before };
    await checkUnique(sr, data, ctx);
    if (sr.hooks.validate) await sr.hooks.validate(data, ctx);
    const values = await columnValues(sr, data, ctx);
    if (sr.def.stamped !== false) Object.assign(values, { updated_at: new Date(), updated_by: actor.user.id });
    const q = trx(sr.def.table).where({ id });
    if (versioned) {
      q.andWhere({ version: expected });
      values.version = expected + 1;
    }
    const n = await q.update(values);
    if (n === 0) throw new ApiError(t('core:resource.conflict'), CODE.ERROR, 409);
    await claimImages(trx, sr, id, data, before, actor.user, t);
    if (sr.hooks.afterWrite) await sr.hooks.afterWrite(id, data, ctx);
    const after = answerOf(sr, before, values) ?? (await getRow(sr, actor.user, id, t, trx).catch(async () => toApiRow(sr, await trx(sr.def.table).where({ id }).first())));
    // Secrets never reach the log, but that they changed does.
    const changedSecrets: Row = {};
    for (const f of sr.def.fields) if (f.type === 'password' && data[f.name]) changedSecrets[f.name] = '***';
    await writeAudit(trx, {
      resource: resourceKey(sr.def),
      recordId: id,
      action: 'update',
      actor,
      before: masked(sr, before),
      after: { ...masked(sr, after), ...changedSecrets },
      summary: labelOf(sr, after),
    });
    return after;
  });
}

async function visibleRows(sr: ServerResource, actor: Actor, trx: Knex.Transaction, ids: number[], t: TFunction): Promise<Row[]> {
  const unique = [...new Set(ids.filter((n) => Number.isInteger(n) && n > 0))];
  if (!unique.length) throw new ApiError(t('core:common.selectFirst'));
  const qb = baseQuery(sr, trx).whereIn(`${sr.def.table}.id`, unique);
  await applyScope(sr, qb, actor.user, trx);
  const rows = (await qb).map((r: Row) => toApiRow(sr, r));
  if (rows.length !== unique.length) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return rows;
}

/** A delete another table's foreign key still points at (MySQL 1451, SQLite's constraint) is refused as in use, not a 500; a resource's beforeDelete may say more. */
function refuseReferenced(e: unknown, t: TFunction): never {
  const err = e as { errno?: number; code?: string; message?: string };
  if (err.errno === 1451 || (err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(err.message ?? ''))) throw new ApiError(t('core:resource.inUse'));
  throw e;
}

export async function deleteRows(sr: ServerResource, actor: Actor, ids: number[], t: TFunction, opts: WriteOptions = {}): Promise<number> {
  if (!opts.trusted) requireWritePermission(sr, actor.user, sr.def.permissions.delete, t);
  const knex = opts.knex ?? getKnex();
  return writeTransaction(sr, knex, async (trx) => {
    const rows = await visibleRows(sr, actor, trx, ids, t);
    const sm = sr.def.stateMachine;
    if (sm?.deletableIn && rows.some((r) => !sm.deletableIn!.includes(String(r[sm.field])))) {
      throw new ApiError(t(sm.deleteRefusedKey ?? 'core:resource.notDeletable'));
    }
    const ctx = hookContext(trx, actor, t);
    if (sr.hooks.beforeDelete) await sr.hooks.beforeDelete(rows, ctx);
    await releaseImages(trx, sr, rows);
    const q = trx(sr.def.table).whereIn(
      'id',
      rows.map((r) => Number(r.id)),
    );
    const soft = sr.hooks.softDelete;
    if (soft) await q.update({ [soft.column]: typeof soft.value === 'function' ? (soft.value as () => unknown)() : soft.value });
    else await q.delete().catch((e: unknown) => refuseReferenced(e, t));
    for (const r of rows) {
      await writeAudit(trx, { resource: resourceKey(sr.def), recordId: Number(r.id), action: 'delete', actor, before: masked(sr, r), after: null, summary: labelOf(sr, r) });
    }
    return rows.length;
  });
}

/** The amount entered with a transition (transitionAmountCheck), for one row; null when none was given. */
function transitionAmount(tr: Transition, ids: number[], raw: unknown, t: TFunction): string | null {
  if (!tr.amount) return null;
  const parsed = transitionAmountCheck(t, tr.amount).safeParse(raw);
  if (!parsed.success) throw new FieldError({ [tr.amount.field]: parsed.error.issues[0].message });
  if (parsed.data !== null && ids.length !== 1) throw new ApiError(t('core:resource.amountOneRow', { field: t(tr.amount.labelKey) }));
  return parsed.data;
}

export async function transitionRows(sr: ServerResource, actor: Actor, ids: number[], name: string, t: TFunction, opts: WriteOptions & { note?: unknown; amount?: unknown } = {}): Promise<Row[]> {
  const sm = sr.def.stateMachine;
  const tr = sm?.transitions.find((x) => x.name === name);
  if (!sm || !tr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  if (!opts.trusted) requireWritePermission(sr, actor.user, tr.permission, t);
  let note: string | null = null;
  if (tr.note) {
    note = typeof opts.note === 'string' ? opts.note.trim() : '';
    if (tr.note.required && !note) throw new FieldError({ [tr.note.field]: t('core:resource.required', { field: t(tr.note.labelKey) }) });
    if (note.length > tr.note.maxLength) throw new FieldError({ [tr.note.field]: t('core:resource.tooLong', { field: t(tr.note.labelKey), max: tr.note.maxLength }) });
    note = note || null;
  }
  const amount = transitionAmount(tr, ids, opts.amount, t);
  const knex = opts.knex ?? getKnex();
  return writeTransaction(sr, knex, async (trx) => {
    const rows = await visibleRows(sr, actor, trx, ids, t);
    if (rows.some((r) => !tr.from.includes(String(r[sm.field])))) throw new ApiError(t(tr.refusedKey));
    const ctx = { ...hookContext(trx, actor, t), note, amount };
    const extra = sr.hooks.beforeTransition ? await sr.hooks.beforeTransition(rows, name, ctx) : undefined;
    const field = sr.def.fields.find((f) => f.name === sm.field)!;
    const results: Row[] = [];
    for (const r of rows) {
      const values: Row = { [columnOf(field)!]: tr.to, ...(tr.note ? { [tr.note.column]: note } : {}), ...(extra ? extra(r) : {}) };
      if (sr.def.stamped !== false) Object.assign(values, { updated_at: new Date(), updated_by: actor.user.id });
      const q = trx(sr.def.table).where({ id: r.id, [columnOf(field)!]: r[sm.field] });
      if (sr.def.versioned !== false) values.version = trx.raw('version + 1');
      const n = await q.update(values);
      if (n === 0) throw new ApiError(t('core:resource.conflict'), CODE.ERROR, 409);
      // The transition may take the row out of this view (a settled bill leaves the receivables).
      const after = await getRow(sr, actor.user, Number(r.id), t, trx, { scoped: false });
      await writeAudit(trx, { resource: resourceKey(sr.def), recordId: Number(r.id), action: `transition:${name}`, actor, before: r, after, summary: labelOf(sr, after), note });
      results.push(after);
    }
    if (sr.hooks.afterTransition) await sr.hooks.afterTransition(results, name, ctx);
    return results;
  });
}
