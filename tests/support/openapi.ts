// The operations of /api/openapi.json, each with the resource it belongs to (when it is a
// resource engine path) and the permission code the document says the server checks.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
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
  /** `x-read-permission`: a write on existing rows needs the resource's read too. */
  readPermission?: string;
  /** `x-access` of an operation outside the resource engine: any signed-in user, or anyone. */
  access?: 'public' | 'signed-in';
  operationId?: string;
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

/**
 * The operations the access-matrix and every-operation sweeps call with generic requests: the
 * resource engine's and the fund reminder API. The others (sign-in, sign-out, uploads, menu
 * administration, receipt refresh, …) change the session or data on any valid call and are
 * covered by their own tests.
 */
export const sweepable = (op: Operation) => !!op.sr || op.path.startsWith('/api/payAdvance/');

/** The collection an operation's path belongs to: /api/x/y for /api/x/y/{id}, …/export, …/import, …/transition/z. */
export const collectionOf = (op: Pick<Operation, 'path'>) => op.path.replace(/\/(\{id\}|export|import|import-template|transition\/[^/]+)$/, '');

/** An import's form: an empty CSV file (nothing to import). */
export function emptyCsvForm(): FormData {
  const form = new FormData();
  form.set('file', new File([''], 'empty.csv', { type: 'text/csv' }));
  return form;
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
        readPermission: op['x-read-permission'] as string | undefined,
        access: op['x-access'] as Operation['access'],
        operationId: op.operationId as string | undefined,
        sr: kind === 'other' ? undefined : sr,
        kind,
        transition: kind === 'transition' ? m?.[4] : undefined,
        requestBody: op.requestBody as Json | undefined,
      });
    }
  }
  return out;
}

/**
 * Checks answers against the document: the schema of the operation's documented status and
 * media type, with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and ajv-formats.
 * Answers a problem naming operation, status and the ajv error, or null when it fits.
 */
export function answerChecker(doc: { paths: Record<string, Record<string, Json>> }): (op: Pick<Operation, 'method' | 'path'>, status: number, body: unknown) => string | null {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as unknown as Json, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const pointer = (...keys: string[]) => keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return (op, status, body) => {
    const operation = doc.paths[op.path]?.[op.method.toLowerCase()] as Json | undefined;
    const where = `${(operation?.operationId as string) ?? `${op.method} ${op.path}`} ${status}`;
    if (!operation) return `${where}: not in the document`;
    const responses = operation.responses as Record<string, Json>;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return `${where}: status not documented`;
    let response = responses[key];
    let base = pointer('paths', op.path, op.method.toLowerCase(), 'responses', key);
    const ref = response.$ref as string | undefined;
    if (ref) {
      base = ref.slice(2);
      response = ref.split('/').slice(1).reduce<Json>((o, k) => o[k] as Json, doc as unknown as Json);
    }
    if (!(response.content as Json | undefined)?.['application/json']) return `${where}: documented without a JSON body`;
    const id = `openapi.json#/${base}/content/application~1json/schema`;
    if (!compiled.has(id)) compiled.set(id, ajv.compile({ $ref: id }));
    const validate = compiled.get(id)!;
    if (validate(body)) return null;
    const e = validate.errors![0];
    return `${where}: ${e.instancePath || '/'} ${e.message} (${JSON.stringify(e.params)})`;
  };
}
