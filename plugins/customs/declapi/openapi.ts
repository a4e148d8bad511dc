// Documents /api/decl/…: every customs resource path again, in the variant envelope
// (core/http/variant.server.ts): a list answers code 1000 with the page at the top level, any
// other success code 100 with `data`; errors and files are the main API's, unchanged.
import { VARIANT_CODE } from '@core/server';

type Json = Record<string, unknown>;

const JSON_TYPE = 'application/json';

/** The main 200 answer's `data` schema, in the variant envelope. */
function variant(main: Json, whole: boolean): Json {
  const schema = ((main.content as Json | undefined)?.[JSON_TYPE] as Json | undefined)?.schema as Json | undefined;
  const data = ((schema?.properties ?? {}) as Json).data as Json | undefined;
  const base = { code: { type: 'integer', const: whole ? VARIANT_CODE.WHOLE : VARIANT_CODE.DATA }, msg: { type: 'string' } };
  const body: Json = whole
    ? { type: 'object', properties: { ...base, ...((data?.properties ?? {}) as Json) }, required: ['code', 'msg', ...((data?.required ?? []) as string[])] }
    : { type: 'object', properties: { ...base, data: data ?? {} }, required: ['code', 'msg', 'data'] };
  return {
    description: whole
      ? `code ${VARIANT_CODE.WHOLE}: success, the whole body is the page ({ code, msg, rows, total, page, pageSize, nextCursor })`
      : `code ${VARIANT_CODE.DATA}: success, read \`data\` (${String(main.description ?? '')})`,
    content: { [JSON_TYPE]: { schema: body } },
  };
}

export function declApiPaths(doc: { paths: Record<string, unknown> }): void {
  for (const [path, item] of Object.entries(doc.paths)) {
    // Only the shapes /api/decl serves (declapi/routes.ts): no import, no extra routes.
    if (!path.startsWith('/api/customs/') || !/^\/api\/customs\/[^/]+(\/\{id\}|\/export|\/transition\/[^/]+)?$/.test(path)) continue;
    const copy: Json = {};
    for (const [method, op] of Object.entries(item as Json)) {
      if (method === 'parameters') {
        copy.parameters = op;
        continue;
      }
      const o = op as Json;
      const responses = o.responses as Record<string, Json>;
      const isList = method === 'get' && !path.includes('{id}') && !path.endsWith('/export');
      copy[method] = {
        ...o,
        operationId: `decl_${String(o.operationId ?? '').replace(/^customs_/, '')}`,
        tags: ['customs: declaration-platform client (/api/decl)'],
        responses: path.endsWith('/export') ? responses : { ...responses, 200: variant(responses['200'] ?? {}, isList) },
      };
    }
    doc.paths[path.replace('/api/customs/', '/api/decl/')] = copy;
  }
}
