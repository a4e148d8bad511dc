// The OpenAPI 3.1 document of every resource's REST API, generated from the same zod
// schemas and field declarations the engine validates with (zod's own JSON Schema output).
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Registry } from '../registry.server';
import { columnOf, endpoint } from './define';
import type { ServerResource } from './define.server';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): Json {
  try {
    return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json;
  } catch {
    return { type: 'object' };
  }
}

const envelope = (data: Json): Json => ({
  type: 'object',
  properties: { code: { type: 'integer', example: 200 }, msg: { type: 'string' }, data },
  required: ['code', 'msg'],
});

function rowSchema(sr: ServerResource, t: TFunction): Json {
  const properties: Json = { id: { type: 'integer' } };
  for (const f of sr.def.fields) {
    if (f.type === 'password') continue;
    const type =
      f.type === 'integer' ? 'integer' : f.type === 'number' ? 'number' : f.type === 'boolean' ? 'boolean' : f.type === 'refs' ? 'array' : 'string';
    properties[f.name] = {
      type,
      description: t(f.labelKey),
      ...(f.type === 'enum' ? { enum: f.options?.map((o) => o.value) } : {}),
      ...(f.type === 'datetime' ? { format: 'date-time' } : f.type === 'date' ? { format: 'date' } : {}),
      ...(f.type === 'refs' ? { items: { type: 'string' } } : {}),
    };
  }
  if (sr.def.versioned !== false) properties.version = { type: 'integer', description: 'optimistic lock: send it back on update' };
  return { type: 'object', properties };
}

function listParameters(sr: ServerResource, t: TFunction): Json[] {
  const params: Json[] = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    { name: 'pageSize', in: 'query', schema: { type: 'integer', enum: [10, 20, 50, 100] } },
    { name: 'sort', in: 'query', description: 'field:asc|desc', schema: { type: 'string' } },
    { name: 'total', in: 'query', description: '0 skips the count', schema: { type: 'string', enum: ['0', '1'] } },
    { name: 'after', in: 'query', description: 'keyset cursor (nextCursor of the previous page, default order)', schema: { type: 'integer' } },
  ];
  for (const f of sr.def.fields) {
    if (!f.filter || !columnOf(f)) continue;
    if (f.filter === 'range') {
      params.push({ name: `${f.name}From`, in: 'query', description: t(f.labelKey), schema: { type: 'string' } });
      params.push({ name: `${f.name}To`, in: 'query', description: t(f.labelKey), schema: { type: 'string' } });
    } else {
      params.push({ name: f.name, in: 'query', description: `${t(f.labelKey)} (${f.filter}${f.filter === 'in' ? ', comma-separated' : ''})`, schema: { type: 'string' } });
    }
  }
  return params;
}

export function openApiDocument(registry: Registry, t: TFunction, serverUrl: string): Json {
  const paths: Json = {};
  const schemas: Json = {};
  for (const sr of [...registry.resources.values()].sort((a, b) => endpoint(a.def).localeCompare(endpoint(b.def)))) {
    const base = `/api${endpoint(sr.def)}`;
    const name = `${sr.def.plugin}_${sr.def.name}`;
    const tag = `${sr.def.plugin}: ${t(sr.def.titleKey)}`;
    schemas[`${name}_row`] = rowSchema(sr, t);
    schemas[`${name}_input`] = jsonSchema(sr.def.schema(t, 'create'));
    const ref = (s: string) => ({ $ref: `#/components/schemas/${name}_${s}` });
    const p = sr.def.permissions;
    // x-permission: the permission code the server checks for the operation (clients and the
    // access-matrix test read it; the administrator holds every code).
    const ops: Json = {
      get: {
        tags: [tag],
        summary: `List (${p.list})`,
        'x-permission': p.list,
        parameters: listParameters(sr, t),
        responses: { 200: { description: 'page', content: { 'application/json': { schema: envelope({ type: 'object', properties: { rows: { type: 'array', items: ref('row') }, total: { type: ['integer', 'null'] }, page: { type: 'integer' }, pageSize: { type: 'integer' }, nextCursor: { type: ['integer', 'null'] } } }) } } } },
      },
    };
    if (p.create) ops.post = { tags: [tag], summary: `Create (${p.create})`, 'x-permission': p.create, requestBody: { content: { 'application/json': { schema: ref('input') } } }, responses: { 200: { description: 'created', content: { 'application/json': { schema: envelope(ref('row')) } } } } };
    if (p.delete) ops.delete = { tags: [tag], summary: `Delete many (${p.delete})`, 'x-permission': p.delete, requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } } } } }, responses: { 200: { description: 'deleted' } } };
    paths[base] = ops;
    const member: Json = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { tags: [tag], summary: 'Get one', 'x-permission': p.list, responses: { 200: { description: 'row', content: { 'application/json': { schema: envelope(ref('row')) } } } } },
    };
    if (p.update) member.put = { tags: [tag], summary: `Update (${p.update}); send the row's version`, 'x-permission': p.update, requestBody: { content: { 'application/json': { schema: { allOf: [ref('input'), { type: 'object', properties: { version: { type: 'integer' } }, required: sr.def.versioned === false ? [] : ['version'] }] } } } }, responses: { 200: { description: 'updated' }, 409: { description: 'stale version' } } };
    if (p.delete) member.delete = { tags: [tag], summary: `Delete (${p.delete})`, 'x-permission': p.delete, responses: { 200: { description: 'deleted' } } };
    paths[`${base}/{id}`] = member;
    for (const tr of sr.def.stateMachine?.transitions ?? []) {
      paths[`${base}/transition/${tr.name}`] = {
        post: { tags: [tag], summary: `${t(tr.labelKey)} (${tr.permission}): ${tr.from.join('|')} → ${tr.to}`, 'x-permission': tr.permission, requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } } } } }, responses: { 200: { description: 'done' } } },
      };
    }
    paths[`${base}/export`] = { get: { tags: [tag], summary: 'Export (streamed)', 'x-permission': p.export ?? p.list, parameters: [{ name: 'format', in: 'query', schema: { type: 'string', enum: ['xlsx', 'csv'] } }, ...listParameters(sr, t)], responses: { 200: { description: 'file' } } } };
    if (p.import) {
      paths[`${base}/import`] = {
        post: {
          tags: [tag],
          summary: `Import (${p.import}): starts the import job, progress at /api/core/imports/{importId}`,
          'x-permission': p.import,
          requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: '.xlsx or UTF-8 .csv' }, mode: { type: 'string', enum: ['all', 'valid'] } }, required: ['file'] } } } },
          responses: { 200: { description: 'started', content: { 'application/json': { schema: envelope({ type: 'object', properties: { importId: { type: 'integer' } } }) } } } },
        },
      };
      paths[`${base}/import-template`] = { get: { tags: [tag], summary: `Import template (${p.import})`, 'x-permission': p.import, responses: { 200: { description: 'XLSX with the importable columns' } } } };
    }
  }
  for (const plugin of registry.plugins) plugin.openapi?.({ paths, schemas }, t);
  return {
    openapi: '3.1.0',
    info: { title: t('core:app.name'), version: '1.0', description: 'Every response is the envelope { code, msg, data }: 200 success, 500 error, 505 alert, 20011 not logged in.' },
    servers: [{ url: serverUrl }],
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' }, token: { type: 'http', scheme: 'bearer', description: 'partner API token (ptk_…)' } },
    },
    security: [{ session: [] }, { token: [] }],
    paths,
  };
}
