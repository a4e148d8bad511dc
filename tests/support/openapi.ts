// The operations of /api/openapi.json, each with the resource it belongs to (when it is a
// resource engine path) and the permission code the document says the server checks.
import type { Registry } from '../../core/registry.server';
import type { ServerResource } from '../../core/resource/define.server';
import type { Router } from './router';
import { req } from './http';

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The documented path, with `{id}`. */
  path: string;
  /** `x-permission` of the operation (undefined: not a resource engine operation). */
  permission?: string;
  /** The resource engine resource the path belongs to (/api/decl/… → customs). */
  sr?: ServerResource;
  kind: 'list' | 'create' | 'deleteMany' | 'get' | 'update' | 'delete' | 'transition' | 'export' | 'import' | 'importTemplate' | 'other';
  transition?: string;
  requestBody?: Record<string, unknown>;
}

type Json = Record<string, unknown>;

export async function openApiDoc(router: Router, cookie?: string): Promise<{ paths: Record<string, Record<string, Json>> }> {
  const res = await router.handle(req('/api/openapi.json', { cookie }));
  if (res.status !== 200) throw new Error(`openapi.json: ${res.status}`);
  return (await res.json()) as { paths: Record<string, Record<string, Json>> };
}

export function operations(doc: { paths: Record<string, Record<string, Json>> }, registry: Registry): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const m = path.match(/^\/api\/([^/]+)\/([^/]+)(\/\{id\}|\/export|\/import|\/import-template|\/transition\/([^/]+))?$/);
    const plugin = m?.[1] === 'decl' ? 'customs' : m?.[1];
    const sr = m ? registry.resources.get(`${plugin}.${m[2]}`) : undefined;
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const M = method.toUpperCase() as Operation['method'];
      let kind: Operation['kind'] = 'other';
      if (sr && m) {
        const tail = m[3] ?? '';
        if (!tail) kind = M === 'GET' ? 'list' : M === 'POST' ? 'create' : 'deleteMany';
        else if (tail === '/{id}') kind = M === 'GET' ? 'get' : M === 'DELETE' ? 'delete' : 'update';
        else if (tail === '/export') kind = 'export';
        else if (tail === '/import') kind = 'import';
        else if (tail === '/import-template') kind = 'importTemplate';
        else kind = 'transition';
      }
      out.push({
        method: M,
        path,
        permission: op['x-permission'] as string | undefined,
        sr: kind === 'other' ? undefined : sr,
        kind,
        transition: kind === 'transition' ? m?.[4] : undefined,
        requestBody: op.requestBody as Json | undefined,
      });
    }
  }
  return out;
}
