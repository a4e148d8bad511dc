// Documents /api/decl/…: every customs resource path again, in the variant envelope.
type Json = Record<string, unknown>;

const variant = (whole: boolean): Json => ({
  description: whole
    ? 'code 1000: success, the whole body is the answer ({ code, msg, rows, total, page, pageSize, nextCursor }); other codes as the main API (500 error, 20011 not logged in)'
    : 'code 100: success, read `data` ({ code, msg, data }); other codes as the main API (500 error, 20011 not logged in)',
  content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'integer', enum: whole ? [1000] : [100] }, msg: { type: 'string' } } } } },
});

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
      const isList = method === 'get' && !path.includes('{id}') && !path.endsWith('/export');
      copy[method] = {
        ...o,
        tags: ['customs: declaration-platform client (/api/decl)'],
        responses: path.endsWith('/export') ? o.responses : { 200: variant(isList) },
      };
    }
    doc.paths[path.replace('/api/customs/', '/api/decl/')] = copy;
  }
}
