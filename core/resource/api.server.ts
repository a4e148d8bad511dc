// The REST API every resource gets under /api/<plugin>/<name>, in the envelope, checked
// against the session or a partner token. Route modules in app/routes call these.
import { Readable } from 'node:stream';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { requireUser } from '../auth/guard.server';
import { clientIp } from '../auth/session.server';
import { ApiError, CODE, handleApi, ok, readJson } from '../http/envelope.server';
import { getT } from '../i18n/i18n.server';
import { hasPermission, type SessionUser } from '../rbac/menu';
import { getRegistry } from '../registry.server';
import type { Actor, ServerResource } from './define.server';
import { exportStream } from './export.server';
import { createRow, deleteRows, getRow, listRows, parseListQuery, transitionRows, updateRow } from './service.server';

export function findResource(plugin: string | undefined, name: string | undefined): ServerResource | null {
  return getRegistry().resources.get(`${plugin}.${name}`) ?? null;
}

async function context(request: Request, params: Record<string, string | undefined>, permission: (sr: ServerResource) => string | undefined) {
  const t = await getT(request);
  const sr = findResource(params.plugin, params.resource);
  if (!sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  const code = permission(sr);
  const user = await requireUser(request, code ? { permission: code } : {});
  if (!code && !user.isAdmin) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  const actor: Actor = { user, ip: clientIp(request) };
  return { t, sr, user, actor };
}

function idParam(raw: string | undefined, t: (k: string) => string): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return id;
}

function idsFrom(body: Record<string, unknown>): number[] {
  const raw = body.ids;
  return Array.isArray(raw) ? raw.map(Number) : typeof raw === 'string' ? raw.split(',').map(Number) : [];
}

/** What the user may do with a resource (buttons are enabled from this; the server re-checks). */
export function abilities(sr: ServerResource, user: SessionUser) {
  const p = sr.def.permissions;
  const can = (code?: string) => !!code && hasPermission(user, code);
  return {
    create: can(p.create),
    update: can(p.update),
    delete: can(p.delete),
    export: can(p.export ?? p.list),
    import: can(p.import),
    transitions: (sr.def.stateMachine?.transitions ?? []).filter((tr) => can(tr.permission)).map((tr) => tr.name),
  };
}

/** GET list, POST create, DELETE many ({ ids }). */
export function collection(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const method = request.method.toUpperCase();
    if (method === 'GET') {
      const { sr, user } = await context(request, params, (r) => r.def.permissions.list);
      return ok(await listRows(sr, user, parseListQuery(sr.def, new URL(request.url).searchParams)));
    }
    if (method === 'POST') {
      const { sr, actor, t } = await context(request, params, (r) => r.def.permissions.create);
      return ok(await createRow(sr, actor, await readJson(request), t), t('core:resource.created'));
    }
    if (method === 'DELETE') {
      const { sr, actor, t } = await context(request, params, (r) => r.def.permissions.delete);
      const n = await deleteRows(sr, actor, idsFrom(await readJson(request)), t);
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
      return ok(await updateRow(sr, actor, idParam(params.id, t), await readJson(request), t), t('core:resource.updated'));
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
    const body = await readJson(request);
    const rows = await transitionRows(sr, actor, idsFrom(body), String(params.transition), t, { note: body.note, amount: body.amount });
    return ok(rows, t('core:resource.done'));
  });
}

/** GET /api/<plugin>/<name>/export?format=csv|xlsx&<filters>: a streamed file. */
export function exportFile(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { sr, user, t } = await context(request, params, (r) => r.def.permissions.export ?? r.def.permissions.list);
    const url = new URL(request.url);
    const format = url.searchParams.get('format') === 'csv' ? 'csv' : 'xlsx';
    const q = parseListQuery(sr.def, url.searchParams);
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
