// The REST API every resource gets under /api/<plugin>/<name>, in the envelope, checked
// against the session or a partner token. Route modules in app/routes call these.
import { Readable } from 'node:stream';
import { createReadableStreamFromReadable } from '@remix-run/node';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { requireUser } from '../auth/guard.server';
import { clientIp } from '../auth/session.server';
import { ApiError, CODE, handleApi, ok, readJson } from '../http/envelope.server';
import { getT } from '../i18n/i18n.server';
import { hasPermission, type SessionUser } from '../rbac/menu';
import { getRegistry } from '../registry.server';
import { resourceKey, VARIANT_PARAM, type ResourceDef } from './define';
import type { Actor, ServerResource } from './define.server';
import { stateCounts, withStateTab } from './counts.server';
import { exportStream } from './export.server';
import { createRow, deleteRows, getRow, listRows, parseListQuery, transitionRows, updateRow, type ListQuery } from './service.server';
import { columnSums } from './summary.server';
import { recordTrail } from './trail.server';
import { effectiveResource, variantQuery } from './variant.server';

export function findResource(plugin: string | undefined, name: string | undefined): ServerResource | null {
  return getRegistry().resources.get(`${plugin}.${name}`) ?? null;
}

async function context(request: Request, params: Record<string, string | undefined>, permission: (sr: ServerResource) => string | undefined) {
  const t = await getT(request);
  // A variant (?variant=) is the resource with its fixed filter and actions (variant.server).
  const variant = request.url.includes(`${VARIANT_PARAM}=`) ? new URL(request.url).searchParams.get(VARIANT_PARAM) : null;
  const found = findResource(params.plugin, params.resource);
  const sr = found && effectiveResource(found, variant);
  if (!sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  const code = permission(sr);
  const user = await requireUser(request, code ? { permission: code } : {});
  if (!code && !user.isAdmin) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  const actor: Actor = { user, ip: clientIp(request) };
  // The list's query from the URL, its parameters checked first.
  const query = () => {
    const search = new URL(request.url).searchParams;
    checkListParams(sr.def, search, t);
    return listQuery(sr, search, variant);
  };
  return { t, sr, user, actor, query };
}

/** A list's query from its URL: paging, sort, filters, the state tab and the variant's filter. */
export function listQuery(sr: ServerResource, search: URLSearchParams, variant: string | null): ListQuery {
  return variantQuery(sr, variant, withStateTab(sr, search, parseListQuery(sr.def, search)));
}

// ---------------------------------------------------------------------------------------------
// Every parameter and body field the engine itself reads is parsed here before use: a value of
// the wrong type or shape is refused with the envelope's validation answer (code 500, HTTP 400,
// a translated message), never coerced into NaN, an exception or a query.

/** A row id as the URL or a body carries it: a positive integer below 2^53. */
const ID = /^[1-9]\d{0,14}$/;
const idValue = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(ID).transform(Number)]);
/** `ids` of batch actions: an array of ids or a comma-separated string; at most 1000. */
const idsSchema = z.union([
  z.array(idValue).max(1000),
  z
    .string()
    .max(20000)
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(ID).transform(Number)).max(1000)),
  z.null(),
  z.undefined(),
]);
/** The optimistic-lock version sent back on update (a missing one is the service's refusal). */
const versionSchema = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,15}$/).transform(Number), z.null(), z.undefined()]);
/** A transition's opinion and amount (their rules are the transition's own, in the service). */
const noteSchema = z.union([z.string().max(100_000), z.null(), z.undefined()]);
const amountSchema = z.union([z.string().max(100), z.number().finite(), z.null(), z.undefined()]);

/** Refuses a parameter: code 500 / HTTP 400, "参数 … 的值无效". */
export function badParam(t: TFunction, name: string): ApiError {
  return new ApiError(t('core:http.badParam', { name }), CODE.ERROR, 400, { fieldErrors: { [name]: t('core:http.badParam', { name }) } });
}

function parse<S extends z.ZodType>(schema: S, value: unknown, t: TFunction, name: string): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw badParam(t, name);
  return r.data;
}

/** A path id; anything else names no record (404, as an id that does not exist). */
export function idParam(raw: string | undefined, t: TFunction): number {
  if (raw === undefined || !ID.test(raw)) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return Number(raw);
}

function idsFrom(body: Record<string, unknown>, t: TFunction): number[] {
  return parse(idsSchema, body.ids, t, 'ids') ?? [];
}

const PAGING: Record<string, RegExp> = {
  page: /^\d{1,9}$/,
  pageSize: /^\d{1,9}$/,
  after: /^\d{1,15}$/,
  before: /^\d{1,15}$/,
  total: /^[01]$/,
  format: /^(xlsx|csv)$/,
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Checks a list's query before it is read: paging and cursors are integers, the format is one
 * the export writes, and a range filter's bounds fit the field (a day, a date-time, a number).
 * Filter texts are strings by nature; the service trims and caps them. `sort` is a choice among
 * the declared sortable fields: anything else keeps the default order (parseListQuery).
 */
export function checkListParams(def: ResourceDef, params: URLSearchParams, t: TFunction): void {
  for (const [name, re] of Object.entries(PAGING)) {
    const v = params.get(name);
    if (v !== null && v !== '' && !re.test(v)) throw badParam(t, name);
  }
  for (const f of def.fields) {
    if (f.filter !== 'range') continue;
    for (const name of [`${f.name}From`, `${f.name}To`]) {
      const v = params.get(name);
      if (v === null || v === '') continue;
      const ok =
        f.type === 'date'
          ? validDay(v)
          : f.type === 'datetime'
            ? DATETIME.test(v) && validDay(v.slice(0, 10)) && !Number.isNaN(new Date(v.length === 10 ? `${v}T00:00:00` : v).getTime())
            : ['integer', 'number', 'money'].includes(f.type)
              ? /^-?\d{1,15}(\.\d{1,6})?$/.test(v)
              : v.length <= 200;
      if (!ok) throw badParam(t, name);
    }
  }
}

/**
 * A JSON value any schema may read: one that converts to a primitive (JSON can send an object
 * with a non-function `toString`/`valueOf` key, on which String() and Number() throw) and is
 * not nested absurdly deep.
 */
function convertible(v: unknown, depth = 0): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (depth > 32) return false;
  try {
    String(v);
    Number(v);
  } catch {
    return false;
  }
  return Object.values(v).every((x) => convertible(x, depth + 1));
}

/** A JSON body's fields the engine reads, parsed; the rest goes to the resource's own schema. */
function writeBody(body: Record<string, unknown>, t: TFunction): Record<string, unknown> {
  for (const [name, v] of Object.entries(body)) if (!convertible(v)) throw badParam(t, name);
  if (!('version' in body)) return body;
  return { ...body, version: parse(versionSchema, body.version, t, 'version') };
}

/**
 * What the user may do with a resource (buttons are enabled from this; the server re-checks).
 * A resource no plugin registers (a screen's own list) has no REST API: it is listed only.
 */
export function abilities(sr: ServerResource, user: SessionUser) {
  const p = sr.def.permissions;
  const served = getRegistry().resources.has(resourceKey(sr.def));
  const can = (code?: string) => served && !!code && hasPermission(user, code);
  // Writes on existing rows also need the read (service.server's requireWritePermission).
  const onRows = (code?: string) => can(code) && can(p.list);
  return {
    create: can(p.create),
    update: onRows(p.update),
    delete: onRows(p.delete),
    export: can(p.export ?? p.list),
    import: can(p.import),
    transitions: (sr.def.stateMachine?.transitions ?? []).filter((tr) => onRows(tr.permission)).map((tr) => tr.name),
  };
}

/** GET list, POST create, DELETE many ({ ids }). */
export function collection(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const method = request.method.toUpperCase();
    if (method === 'GET') {
      const { sr, user, query } = await context(request, params, (r) => r.def.permissions.list);
      return ok(await listRows(sr, user, query()));
    }
    if (method === 'POST') {
      const { sr, actor, t } = await context(request, params, (r) => r.def.permissions.create);
      return ok(await createRow(sr, actor, writeBody(await readJson(request), t), t), t('core:resource.created'));
    }
    if (method === 'DELETE') {
      const { sr, actor, t } = await context(request, params, (r) => r.def.permissions.delete);
      const n = await deleteRows(sr, actor, idsFrom(await readJson(request), t), t);
      return ok({ deleted: n }, t('core:resource.deleted'));
    }
    throw new ApiError('Method not allowed', CODE.ERROR, 405);
  });
}

/** GET one, PUT/PATCH update (with version), DELETE one. */
export function member(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const method = request.method.toUpperCase();
    if (method === 'GET') {
      const { sr, user, t } = await context(request, params, (r) => r.def.permissions.list);
      return ok(await getRow(sr, user, idParam(params.id, t), t));
    }
    if (method === 'PUT' || method === 'PATCH' || method === 'POST') {
      const { sr, actor, t } = await context(request, params, (r) => r.def.permissions.update);
      const id = idParam(params.id, t);
      return ok(await updateRow(sr, actor, id, writeBody(await readJson(request), t), t), t('core:resource.updated'));
    }
    if (method === 'DELETE') {
      const { sr, actor, t } = await context(request, params, (r) => r.def.permissions.delete);
      await deleteRows(sr, actor, [idParam(params.id, t)], t);
      return ok({ deleted: 1 }, t('core:resource.deleted'));
    }
    throw new ApiError('Method not allowed', CODE.ERROR, 405);
  });
}

/** POST /api/<plugin>/<name>/transition/<transition> { ids }. */
export function transition(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const tr = (sr: ServerResource) => sr.def.stateMachine?.transitions.find((x) => x.name === params.transition)?.permission;
    const { sr, actor, t } = await context(request, params, tr);
    const body = writeBody(await readJson(request), t);
    const ids = idsFrom(body, t);
    const note = parse(noteSchema, body.note, t, 'note');
    const amount = parse(amountSchema, body.amount, t, 'amount');
    const rows = await transitionRows(sr, actor, ids, String(params.transition), t, { note, amount });
    return ok(rows, t('core:resource.done'));
  });
}

/** GET /api/<plugin>/<name>/export?format=csv|xlsx&<filters>: a streamed file. */
export function exportFile(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { sr, user, t, query } = await context(request, params, (r) => r.def.permissions.export ?? r.def.permissions.list);
    const q = query();
    const format = new URL(request.url).searchParams.get('format') === 'csv' ? 'csv' : 'xlsx';
    const stream: Readable = exportStream(sr, user, q, format, t);
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const name = `${t(sr.def.titleKey)}-${stamp}.${format}`;
    return new Response(createReadableStreamFromReadable(stream), {
      headers: {
        'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${sr.def.name}-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'Cache-Control': 'no-store',
      },
    });
  });
}

/** GET /api/<plugin>/<name>/<id>/trail: the row and its audit trail (seen as a GET of the row is). */
export function trail(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { sr, user, t } = await context(request, params, (r) => r.def.permissions.list);
    return ok(await recordTrail(sr, user, idParam(params.id, t), t));
  });
}

/** GET /api/<plugin>/<name>/counts?<filters>: rows per state under the filters (the state tabs). */
export function counts(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { sr, user, t, query } = await context(request, params, (r) => r.def.permissions.list);
    if (!sr.def.stateMachine) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    return ok(await stateCounts(sr, user, query()));
  });
}

/** GET /api/<plugin>/<name>/summary?<filters>: the declared totals over the filtered list. */
export function summary(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { sr, user, t, query } = await context(request, params, (r) => r.def.permissions.list);
    const sums = await columnSums(sr, user, query());
    if (!sums) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    return ok(sums);
  });
}
