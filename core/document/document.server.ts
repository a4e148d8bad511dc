// A document's server side: objection models with relations built from the declaration, the
// lines read with withGraphFetched and saved with upsertGraph in the header's write
// transaction. The header itself stays on the resource engine's write path (audit, version
// lock, unique rules, scope, hooks): documentResource() composes the engine's hooks, so the
// lines are written after the header in the same transaction, and a refused header (stale
// version, bad line, failed rule) writes nothing at all.
import type { Knex } from 'knex';
import { Model, type ModelClass, type RelationMappings } from 'objection';
import { columnOf, type ResourceDef } from '../resource/define';
import { serverResource, type DataScopeColumns, type ResourceHooks, type Row, type ServerResource } from '../resource/define.server';
import { toApiValue } from '../resource/service.server';
import { lineLookups, type DocumentDef, type LineCollection } from './define';

type Graph = Row & { id?: number };

/** The collections of a document (or of a line: its lines of lines) kept in tables of their own. */
const stored = (parent: { lines?: LineCollection[] }) => (parent.lines ?? []).filter((c) => c.table);
const orderColumn = (c: LineCollection) => c.position ?? c.orderBy ?? 'id';

function relations(table: string, collections: LineCollection[]): RelationMappings {
  const out: RelationMappings = {};
  for (const c of collections) {
    out[c.name] = {
      relation: Model.HasManyRelation,
      modelClass: lineModel(c),
      join: { from: `${table}.id`, to: `${c.table}.${c.foreignKey}` },
      modify: (qb) => qb.orderBy([`${c.table}.${orderColumn(c)}`, `${c.table}.id`]),
    };
  }
  return out;
}

const models = new WeakMap<object, ModelClass<Model>>();

function modelFor(key: object, table: string, collections: LineCollection[]): ModelClass<Model> {
  let M = models.get(key);
  if (!M) {
    const mappings = relations(table, collections);
    M = class extends Model {
      static tableName = table;
      static relationMappings = mappings;
    };
    models.set(key, M);
  }
  return M;
}

function lineModel(c: LineCollection): ModelClass<Model> {
  return modelFor(c, c.table!, stored(c));
}

/** The header's model: its table with one HasMany relation per stored collection (lines of lines nested). */
export function headerModel(doc: DocumentDef): ModelClass<Model> {
  return modelFor(doc, doc.resource.table, stored(doc));
}

/** `[lines, goods.[licences]]`: what withGraphFetched and upsertGraph walk. */
export function graphExpression(collections: LineCollection[]): string {
  return `[${collections.map((c) => (stored(c).length ? `${c.name}.${graphExpression(stored(c))}` : c.name)).join(', ')}]`;
}

/** A stored line in API form: its fields by name (no row id: lines are told apart by position or key). */
function apiLine(c: LineCollection, line: Row): Row {
  const out: Row = {};
  for (const f of c.fields) {
    const col = columnOf(f);
    if (col) out[f.name] = toApiValue(f, line[col]);
  }
  for (const sub of stored(c)) out[sub.name] = ((line[sub.name] as Row[] | undefined) ?? []).map((l) => apiLine(sub, l));
  return out;
}

/** Reads the lines of some API rows (a page of a list, or one document) and sets them on the rows. */
export async function readLines(doc: DocumentDef, knex: Knex, rows: Row[]): Promise<void> {
  const collections = stored(doc);
  if (!rows.length || !collections.length) return;
  const headers = (await headerModel(doc)
    .query(knex)
    .findByIds(rows.map((r) => Number(r.id)))
    .select(`${doc.resource.table}.id`)
    .withGraphFetched(graphExpression(collections))) as unknown as Graph[];
  const byId = new Map(headers.map((h) => [Number(h.id), h]));
  for (const r of rows) {
    const h = byId.get(Number(r.id));
    for (const c of collections) r[c.name] = ((h?.[c.name] as Row[] | undefined) ?? []).map((l) => apiLine(c, l));
  }
}

/** What tells a line apart among its siblings: its key fields' values, or its position. */
function identity(c: LineCollection, line: Row, index: number): string | null {
  if (c.key) return JSON.stringify(c.key.map((k) => String(line[k] ?? '')));
  return c.position ? String(index + 1) : null;
}

/**
 * Input lines as graph nodes: columns by declaration, the position numbered, and the row id of
 * the stored line they match (by key or position), so upsertGraph updates that row, inserts
 * the new ones and deletes the rest. Ids never come from the client.
 */
function toGraph(c: LineCollection, lines: Row[], header: Row, current: Row[]): Graph[] {
  const storedLines = new Map<string, Row>();
  current.forEach((row, i) => {
    const apiRow = apiLine(c, row);
    const id = identity(c, apiRow, i);
    if (id !== null) storedLines.set(id, row);
  });
  return lines.map((line, i) => {
    const node: Graph = {};
    for (const f of c.fields) {
      const col = columnOf(f);
      if (col && f.name in line) node[col] = line[f.name] === '' ? null : line[f.name];
    }
    if (c.position) node[c.position] = i + 1;
    Object.assign(node, c.values?.(line, header));
    const id = identity(c, line, i);
    const match = id === null ? undefined : storedLines.get(id);
    if (match) {
      node.id = Number(match.id);
      storedLines.delete(id!);
    }
    for (const sub of stored(c)) node[sub.name] = toGraph(sub, (line[sub.name] as Row[] | undefined) ?? [], header, (match?.[sub.name] as Row[] | undefined) ?? []);
    return node;
  });
}

/**
 * Saves the lines of one header (already written in `trx`) as its input lists them: one
 * upsertGraph over every stored collection, nested ones included, in the caller's transaction.
 * A collection the input does not carry is left as stored.
 */
export async function saveLines(doc: DocumentDef, trx: Knex.Transaction, headerId: number, input: Row): Promise<void> {
  const collections = stored(doc).filter((c) => Array.isArray(input[c.name]));
  if (!collections.length) return;
  const M = headerModel(doc);
  const current = (await M.query(trx).findById(headerId).select(`${doc.resource.table}.id`).withGraphFetched(graphExpression(collections))) as unknown as Graph | undefined;
  const graph: Graph = { id: headerId };
  // Lines of lines may carry the header's id besides their parent's (a goods line its manifest's).
  const header = { ...input, id: headerId };
  for (const c of collections) graph[c.name] = toGraph(c, input[c.name] as Row[], header, (current?.[c.name] as Row[] | undefined) ?? []);
  // The root carries only its id: upsertGraph updates changed columns only (and fetches only
  // those), so the header row the engine wrote (version and all) is left alone.
  await M.query(trx).upsertGraph(graph as never);
}

async function deleteCollections(trx: Knex.Transaction, collections: LineCollection[], parentIds: number[]): Promise<void> {
  for (const c of collections) {
    if (!c.table || !parentIds.length) continue;
    const subs = stored(c);
    if (subs.length) await deleteCollections(trx, subs, (await trx(c.table).whereIn(c.foreignKey!, parentIds).pluck('id')).map(Number));
    await trx(c.table).whereIn(c.foreignKey!, parentIds).delete();
  }
}

/** Deletes the lines of some headers (deepest first), in the delete's transaction. */
export function deleteLines(doc: DocumentDef, trx: Knex.Transaction, headerIds: number[]): Promise<void> {
  return deleteCollections(trx, stored(doc), headerIds);
}

/**
 * The header resource of a document with the lines plugged into its hooks: read with every
 * row (decorate), saved after the header (afterWrite), deleted before it (beforeDelete; a soft
 * delete keeps them). The resource's own hooks run as before, around them.
 */
export function documentResource(doc: DocumentDef, hooks: ResourceHooks = {}, scope?: DataScopeColumns, def: ResourceDef = doc.resource): ServerResource {
  const sr = serverResource(
    def,
    {
      ...hooks,
      async decorate(rows, knex) {
        await readLines(doc, knex, rows);
        await hooks.decorate?.(rows, knex);
      },
      async afterWrite(id, input, ctx) {
        await hooks.afterWrite?.(id, input, ctx);
        await saveLines(doc, ctx.trx, id, input);
      },
      async beforeDelete(rows, ctx) {
        await hooks.beforeDelete?.(rows, ctx);
        if (!hooks.softDelete)
          await deleteLines(
            doc,
            ctx.trx,
            rows.map((r) => Number(r.id)),
          );
      },
    },
    scope,
  );
  return { ...sr, lookups: lineLookups(doc) };
}
