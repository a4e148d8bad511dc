// The core's own API routes (app/routes/api.*.ts beside the resource engine's) in
// /api/openapi.json: sign-in, the session, uploads, import progress, badges, lookups, prefs.
// Those any signed-in user may call say `x-access: signed-in` (the source narrows the data);
// sign-in and the document itself `public`.
import { errors, fileResponse, json, okResponse, XLSX, type Access, type Json, type OpenApiParts } from './openapi';

const obj = (properties: Json, required: string[] = Object.keys(properties)): Json => ({ type: 'object', properties, required });
const str = { type: 'string' };
const int = { type: 'integer' };
const nullable = (ty: string): Json => ({ type: [ty, 'null'] });

function op(id: string, tag: string, summary: string, access: Access, rest: Json): Json {
  return { tags: [tag], summary, operationId: id, 'x-access': access, ...(access === 'public' ? { security: [] } : {}), ...rest };
}

const idParam = (name = 'id'): Json => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });

export function coreApiPaths(doc: OpenApiParts): void {
  const p = doc.paths;
  const session = 'core: session';
  p['/api/login/auth'] = {
    post: op('core_login', session, 'Sign in: sets the session cookie (5 wrong passwords lock the account for 15 minutes)', 'public', {
      requestBody: { required: true, content: json(obj({ username: str, password: str }, ['username', 'password'])) },
      responses: { 200: okResponse('signed in', obj({ userId: int })), 401: { $ref: '#/components/responses/NotLoggedIn' }, ...errors('TooManyRequests') },
    }),
  };
  p['/api/login/logout'] = {
    post: op('core_logout', session, 'Sign out: revokes the session and clears its cookies', 'public', { responses: { 200: okResponse('signed out', { type: 'null' }) } }),
  };
  const info = okResponse('the user, roles, menus and permissions', {
    type: 'object',
    properties: { id: int, username: str, userPermission: { type: 'array', items: str } },
    required: ['id', 'username', 'userPermission'],
  });
  p['/api/login/getInfo'] = {
    get: op('core_getInfo', session, "The session's user, roles, menus and permissions", 'signed-in', { responses: { 200: info } }),
    post: op('core_getInfo_post', session, 'The same, as POST (the existing client)', 'signed-in', { responses: { 200: info } }),
  };
  p['/api/user/updatePw'] = {
    post: op('core_updatePassword', session, "Changes the signed-in user's own password", 'signed-in', {
      requestBody: {
        required: true,
        content: json(obj({ oldPassword: str, password: str, checkPassword: str, id: { type: ['integer', 'string'], description: 'if sent, the signed-in user' } }, ['oldPassword', 'password'])),
      },
      responses: { 200: okResponse('changed', { type: 'null' }), ...errors('Forbidden') },
    }),
  };
  const files = 'core: files';
  const stored = obj({
    id: int,
    name: str,
    ext: str,
    mime: str,
    size: int,
    resource: str,
    recordId: nullable('integer'),
    createdBy: int,
    createdByName: nullable('string'),
    createdAt: nullable('string'),
  });
  p['/api/core/files'] = {
    post: op('core_files_upload', files, 'Uploads a file a resource takes (type checked by content, size limited); it is attached when the record saves', 'signed-in', {
      parameters: [
        { name: 'resource', in: 'query', required: true, description: '<plugin>.<resource>', schema: str },
        { name: 'field', in: 'query', description: "an image field of the resource: the upload is checked against that field's types and size", schema: str },
      ],
      requestBody: { required: true, content: { 'multipart/form-data': { schema: obj({ file: { type: 'string', format: 'binary' } }) } } },
      responses: { 200: okResponse('stored', stored), ...errors('Forbidden', 'NotFound') },
    }),
  };
  p['/api/core/files/{id}'] = {
    get: op('core_files_download', files, 'A stored file, to whoever may read the record it belongs to', 'signed-in', {
      parameters: [idParam(), { name: 'inline', in: 'query', description: '1: shown in the browser (PDF, PNG, JPEG)', schema: { type: 'string', enum: ['0', '1'] } }],
      responses: { 200: fileResponse('the file, with its own media type', ['application/octet-stream']), ...errors('Forbidden', 'NotFound') },
    }),
  };
  const imports = 'core: imports';
  p['/api/core/imports/{id}'] = {
    get: op('core_imports_progress', imports, "An import's progress and outcome (its uploader or an administrator)", 'signed-in', {
      parameters: [idParam()],
      responses: {
        200: okResponse('progress', {
          type: 'object',
          properties: { id: int, status: str, resource: str, mode: { type: 'string', enum: ['all', 'valid'] }, processed: int, errorCount: int },
          required: ['status', 'resource', 'mode', 'processed', 'errorCount'],
        }),
        ...errors('Forbidden', 'NotFound'),
      },
    }),
  };
  p['/api/core/imports/{id}/errors'] = {
    get: op('core_imports_errors', imports, "The import's per-row error report", 'signed-in', {
      parameters: [idParam()],
      responses: { 200: fileResponse('XLSX: row, field, message', [XLSX]), ...errors('Forbidden', 'NotFound') },
    }),
  };
  const ui = 'core: screen support';
  p['/api/core/badges'] = {
    get: op('core_badges', ui, "The signed-in user's top-bar badge counts", 'signed-in', {
      responses: { 200: okResponse('badges', { type: 'array', items: { type: 'object', properties: { key: str, titleKey: str, icon: str, count: int, href: str }, required: ['key', 'count'] } }) },
    }),
  };
  p['/api/core/badges/{key}/list'] = {
    get: op('core_badges_list', ui, "One page of a badge's list (pageSize at most 100), for users who may see that badge", 'signed-in', {
      parameters: [
        { name: 'key', in: 'path', required: true, schema: str },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      ],
      responses: { 200: okResponse('page', obj({ rows: { type: 'array', items: { type: 'object' } }, total: int, page: int, pageSize: int })), ...errors('Forbidden', 'NotFound') },
    }),
  };
  p['/api/core/prefs'] = {
    post: op('core_prefs_save', ui, "Remembers one of the user's screen settings (grid columns, page size); the value's JSON at most 10 000 characters", 'signed-in', {
      requestBody: { required: true, content: json(obj({ key: { type: 'string', pattern: '^[a-z]+:[A-Za-z0-9._-]{1,100}$' }, value: {} }, ['key'])) },
      responses: { 200: okResponse('saved', { type: 'null' }) },
    }),
  };
  p['/api/lookup/{name}'] = {
    get: op('core_lookup', ui, "A picker's options (<plugin>.<name>): to a user holding the list permission of the resource it lists or one it serves (the forms offering it), else 403; only the options whose rows that resource's data scope lets the user read", 'signed-in', {
      parameters: [{ name: 'name', in: 'path', required: true, schema: str }],
      responses: {
        200: okResponse('options', { type: 'array', items: { type: 'object', properties: { value: str, label: str, parent: nullable('string') }, required: ['value', 'label'] } }),
        ...errors('Forbidden', 'NotFound'),
      },
    }),
  };
  p['/api/core/locales/{lang}/{ns}'] = {
    get: op('core_locales', ui, "One namespace's texts in one language (core or a plugin id); with v the current hash of the texts, cached for good", 'public', {
      parameters: [
        { name: 'lang', in: 'path', required: true, schema: { type: 'string', enum: ['zh', 'en', 'my'] } },
        { name: 'ns', in: 'path', required: true, schema: str },
        { name: 'v', in: 'query', description: 'the hash the page names (a stale one is answered, not cached)', schema: str },
      ],
      responses: { 200: okResponse('the texts, nested by key', { type: 'object' }), ...errors('NotFound') },
    }),
  };
  p['/api/openapi.json'] = {
    get: op('core_openapi', 'core: documentation', 'This document (in the language of the request)', 'public', {
      responses: { 200: { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
    }),
  };
}
