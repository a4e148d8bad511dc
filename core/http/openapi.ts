// Building blocks of /api/openapi.json shared by the resource engine and plugins: the envelope,
// the documented error answers (one set of components/responses) and the last pass that gives
// every operation a stable operationId and the error answers it can give.
import { CODE } from './codes';

export type Json = Record<string, unknown>;

/** The document's `paths` and `components.schemas` as plugins add to them. */
export interface OpenApiParts {
  paths: Record<string, unknown>;
  schemas: Record<string, unknown>;
}

/** Who may call an operation that is not a resource engine operation (`x-access`). */
export type Access = 'public' | 'signed-in';

export const json = (schema: Json): Json => ({ 'application/json': { schema } });

/** The success envelope `{ code: 200, msg, data }` around `data`. */
export function envelope(data: Json, opts: { dataRequired?: boolean } = {}): Json {
  return {
    type: 'object',
    properties: { code: { type: 'integer', const: CODE.OK }, msg: { type: 'string' }, data },
    required: ['code', 'msg', ...(opts.dataRequired === false ? [] : ['data'])],
  };
}

/** A 200 answer in the envelope. */
export const okResponse = (description: string, data: Json): Json => ({ description, content: json(envelope(data)) });

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const binary = { type: 'string', format: 'binary' };
/** A 200 answer that is a file of one of these media types. */
export const fileResponse = (description: string, types: string[]): Json => ({
  description,
  content: Object.fromEntries(types.map((ty) => [ty, { schema: binary }])),
});

/** The error envelope: `code` says what happened (the HTTP status says the same). */
const errorSchema = (codes: number[], description: string): Json => ({
  type: 'object',
  description,
  properties: {
    code: { type: 'integer', enum: codes },
    msg: { type: 'string', description: 'translated message to show the user' },
    data: {
      type: 'object',
      properties: { fieldErrors: { type: 'object', additionalProperties: { type: 'string' }, description: 'message per input field' } },
    },
  },
  required: ['code', 'msg'],
});

/** One error answer: its HTTP status, and the error envelope with the codes it carries. */
const errorAnswer = (status: number, description: string, codes: number[], summary: string) => ({ status, response: { description, content: json(errorSchema(codes, summary)) } });

/** components/responses: every error answer the API gives, by HTTP status. */
export const ERROR_RESPONSES: Record<string, { status: number; response: Json }> = {
  BadRequest: errorAnswer(
    400,
    `Refused input: code ${CODE.ERROR} with a translated message (data.fieldErrors per field), or ${CODE.ALERT} an alert to show as is`,
    [CODE.ERROR, CODE.ALERT],
    'refused input',
  ),
  NotLoggedIn: errorAnswer(401, `Not signed in, or the session / token expired: code ${CODE.NOT_LOGGED_IN}`, [CODE.NOT_LOGGED_IN], 'sign in again'),
  Forbidden: errorAnswer(403, `The caller lacks the permission (x-permission) or the record is not theirs: code ${CODE.FORBIDDEN}`, [CODE.FORBIDDEN, CODE.ERROR], 'not allowed'),
  NotFound: errorAnswer(404, `No such record (or one outside the caller's data scope), or no such API: code ${CODE.NOT_FOUND}`, [CODE.NOT_FOUND], 'not found'),
  Conflict: errorAnswer(409, `The record changed since it was read (stale version): code ${CODE.ERROR}; read it again`, [CODE.ERROR], 'stale version'),
  UnsupportedMediaType: errorAnswer(415, `A write whose body is neither JSON nor a form: code ${CODE.ERROR}`, [CODE.ERROR], 'JSON only'),
  TooManyRequests: errorAnswer(429, `Too many attempts: code ${CODE.ERROR}`, [CODE.ERROR], 'locked for a while'),
  InternalError: errorAnswer(500, `Unexpected server error: code ${CODE.ERROR}, "Internal error"`, [CODE.ERROR], 'internal error'),
  Unavailable: errorAnswer(503, `The database cannot be reached: code ${CODE.ERROR}; try again after Retry-After seconds`, [CODE.ERROR], 'try again later'),
};

export type ErrorName = keyof typeof ERROR_RESPONSES;

/** `responses` entries referring to the shared error answers. */
export function errors(...names: ErrorName[]): Json {
  return Object.fromEntries(names.map((n) => [String(ERROR_RESPONSES[n].status), { $ref: `#/components/responses/${n}` }]));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A stable operationId from method and path when the operation names none: `get_api_core_badges`. */
function derivedId(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((s) => s.replace(/^\{(.+)\}$/, 'by_$1').replace(/[^A-Za-z0-9]+/g, '_'));
  return [...parts, method].join('_');
}

/**
 * The last pass over the document: an operationId on every operation (stable, derived when the
 * operation names none; duplicates are a programming error) and the error answers every
 * operation can give: not signed in (unless public), refused input, server error, database down.
 */
export function finishOperations(paths: Record<string, unknown>): void {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, Json | undefined>)[method];
      if (!op) continue;
      op.operationId ??= derivedId(method, path);
      const id = String(op.operationId);
      if (seen.has(id)) throw new Error(`operationId ${id} twice: ${seen.get(id)} and ${method} ${path}`);
      seen.set(id, `${method} ${path}`);
      const responses = (op.responses ?? {}) as Json;
      const defaults: ErrorName[] = ['BadRequest', 'InternalError', 'Unavailable'];
      if (op['x-access'] !== 'public') defaults.push('NotLoggedIn');
      if (method !== 'get') defaults.push('UnsupportedMediaType');
      for (const [status, ref] of Object.entries(errors(...defaults))) responses[status] ??= ref;
      op.responses = responses;
    }
  }
}

export function errorComponents(): Json {
  return Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([name, { response }]) => [name, response]));
}
