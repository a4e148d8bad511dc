// The OpenAPI 3.1 document of every resource's REST API, generated from the same zod
// schemas and field declarations the engine validates with and shapes rows from (toApiRow):
// a row's schema is derived from the field declarations and the create schema's output (type
// and nullability), never written a second time.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { coreApiPaths } from '../http/core-paths.openapi';
import { errorComponents, errors, fileResponse, finishOperations, json, okResponse, XLSX, type Json } from '../http/openapi';
import type { Registry } from '../registry.server';
import { columnOf, endpoint, STATE_PARAM, VARIANT_PARAM, type FieldDef, type ResourceDef } from './define';
import type { ServerResource } from './define.server';
import { effectiveResource } from './variant.server';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  try {
    const out = z.toJSONSchema(schema, { unrepresentable: 'any', io }) as Json;
    delete out.$schema;
    return out;
  } catch {
    return { type: 'object' };
  }
}

/** The non-null JSON type a zod output schema stores (integer, string, …), if it says one. */
function storedType(s: Json | undefined): string | undefined {
  if (!s) return undefined;
  if (typeof s.type === 'string' && s.type !== 'null') return s.type;
  for (const alt of (s.anyOf ?? s.oneOf ?? []) as Json[]) {
    const ty = storedType(alt);
    if (ty) return ty;
  }
  return undefined;
}

function acceptsNull(s: Json): boolean {
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  if (!s.type && !s.anyOf && !s.oneOf && !s.enum && !s.const) return true;
  return ((s.anyOf ?? s.oneOf ?? []) as Json[]).some(acceptsNull);
}

/** What the create schema stores per field (zod's output side). */
function storedShape(def: ResourceDef, t: TFunction): { props: Record<string, Json>; required: Set<string> } {
  const out = jsonSchema(def.schema(t, 'create'), 'output');
  return { props: (out.properties ?? {}) as Record<string, Json>, required: new Set((out.required ?? []) as string[]) };
}

/** The JSON Schema of a field's value as toApiRow answers it. */
function fieldSchema(f: FieldDef, stored: Json | undefined, nullable: boolean, t: TFunction): Json {
  let s: Json;
  const idType = (stored: Json | undefined) => f.valueType ?? (storedType(stored) === 'integer' || storedType(stored) === 'number' ? 'integer' : 'string');
  if (f.records) return { type: nullable ? ['array', 'null'] : 'array', items: { type: 'object' }, description: t(f.labelKey) };
  switch (f.type) {
    case 'integer':
    case 'number':
    case 'boolean':
      s = { type: f.type };
      break;
    case 'money':
      s = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: `decimal string, ${f.scale ?? 2} places` };
      break;
    case 'datetime':
    case 'date':
      s = { type: 'string', format: f.type === 'date' ? 'date' : 'date-time' };
      break;
    case 'enum':
      s = { type: 'string', enum: [...(f.options ?? []).map((o) => o.value), ...(nullable ? [null] : [])] };
      break;
    case 'refs': {
      const items = stored?.items as Json | undefined;
      s = { type: 'array', items: { type: idType(items) } };
      break;
    }
    case 'image':
      s = { type: 'integer', description: 'stored file id (GET /api/core/files/{id})' };
      break;
    case 'html':
      s = { type: 'string', description: 'sanitised HTML' };
      break;
    case 'ref':
      // The stored id or code, as the column holds it.
      s = { type: idType(stored) };
      break;
    default:
      s = { type: 'string' };
  }
  if (nullable) s.type = [s.type, 'null'];
  return { ...s, description: [t(f.labelKey), s.description].filter(Boolean).join(': ') };
}

/** The row toApiRow answers: id, every declared field with a column, version and stamps. */
export function rowSchema(sr: ServerResource, t: TFunction): Json {
  const { props, required: storedRequired } = storedShape(sr.def, t);
  const properties: Json = { id: { type: 'integer' } };
  const required = ['id'];
  for (const f of sr.def.fields) {
    if (f.type === 'password') continue;
    const stored = props[f.name];
    const nullable = f.nullable ?? (!stored || !storedRequired.has(f.name) || acceptsNull(stored));
    properties[f.name] = fieldSchema(f, stored, nullable, t);
    // Fields with a column are always answered (null when empty); virtual ones when a hook adds them.
    if (columnOf(f)) required.push(f.name);
  }
  if (sr.def.versioned !== false) {
    properties.version = { type: 'integer', description: 'optimistic lock: send it back on update' };
    required.push('version');
  }
  if (sr.def.stamped !== false) {
    properties.createdAt ??= { type: ['string', 'null'], format: 'date-time' };
    properties.updatedAt ??= { type: ['string', 'null'], format: 'date-time' };
    for (const k of ['createdAt', 'updatedAt']) if (!required.includes(k)) required.push(k);
  }
  return { type: 'object', properties, required };
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
  const sm = sr.def.stateMachine;
  if (sm) params.push({ name: STATE_PARAM, in: 'query', description: 'only the rows in this state (a state tab)', schema: { type: 'string', enum: sm.states.map((s) => s.value) } });
  return params;
}

/** `?variant=`: the screen's fixed filter and allowed actions, enforced on every operation. */
function variantParameter(sr: ServerResource): Json[] {
  const names = Object.keys(sr.def.variants ?? {});
  return names.length ? [{ name: VARIANT_PARAM, in: 'query', description: 'a variant of the resource: its fixed filter applies and only its actions are allowed', schema: { type: 'string', enum: names } }] : [];
}

const TRAIL_ENTRY: Json = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: ['string', 'null'], format: 'date-time' },
    action: { type: 'string', description: 'create, update, delete or transition:<name>' },
    transition: { type: ['string', 'null'] },
    from: { type: ['string', 'null'], description: 'state before' },
    to: { type: ['string', 'null'], description: 'state after' },
    username: { type: ['string', 'null'] },
    note: { type: ['string', 'null'], description: "the transition's opinion or reason" },
    changes: { type: 'object', additionalProperties: { type: 'array', prefixItems: [{}, {}] }, description: 'field: [before, after]' },
  },
  required: ['id', 'at', 'action', 'transition', 'from', 'to', 'username', 'note', 'changes'],
};

/** The drawer's trail, the state tabs' counts and the summary row's totals. */
function partPaths(sr: ServerResource, t: TFunction, base: string, op: (id: string, permission: string, summary: string, rest: Json) => Json, ref: (s: string) => Json): Json {
  const p = sr.def.permissions;
  const refused = errors('Forbidden');
  const out: Json = {
    [`${base}/{id}/trail`]: {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: op('trail', p.list, 'The record and its audit trail (oldest first)', {
        responses: { 200: okResponse('trail', { type: 'object', properties: { row: ref('row'), entries: { type: 'array', items: TRAIL_ENTRY } }, required: ['row', 'entries'] }), ...refused, ...errors('NotFound') },
      }),
    },
  };
  const sm = sr.def.stateMachine;
  if (sm) {
    const states = { type: 'object', properties: Object.fromEntries(sm.states.map((s) => [s.value, { type: 'integer', description: t(s.labelKey) }])) };
    out[`${base}/counts`] = {
      get: op('counts', p.list, 'Rows per state under the filters (the state tab aside)', {
        parameters: listParameters(sr, t),
        responses: { 200: okResponse('counts', { type: 'object', properties: { total: { type: 'integer' }, states }, required: ['total', 'states'] }), ...refused },
      }),
    };
  }
  const summed = sr.def.fields.filter((f) => f.summary === 'sum' && columnOf(f));
  if (summed.length) {
    const properties = Object.fromEntries(summed.map((f) => [f.name, { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: `${t(f.labelKey)}: exact decimal total` }]));
    out[`${base}/summary`] = {
      get: op('summary', p.list, 'Totals of the summed columns over the filtered list', {
        parameters: listParameters(sr, t),
        responses: { 200: okResponse('totals', { type: 'object', properties, required: summed.map((f) => f.name) }), ...refused },
      }),
    };
  }
  return out;
}

const IDS = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 1000 };
const idsBody = { required: true, content: json({ type: 'object', properties: { ids: IDS }, required: ['ids'] }) };

export function openApiDocument(registry: Registry, t: TFunction, serverUrl: string): Json {
  const paths: Json = {};
  const schemas: Json = {};
  for (const declared of [...registry.resources.values()].sort((a, b) => endpoint(a.def).localeCompare(endpoint(b.def)))) {
    // A read-only resource documents no writes (the API refuses them).
    const sr = effectiveResource(declared)!;
    const base = `/api${endpoint(sr.def)}`;
    const name = `${sr.def.plugin}_${sr.def.name}`;
    const tag = `${sr.def.plugin}: ${t(sr.def.titleKey)}`;
    schemas[`${name}_row`] = rowSchema(sr, t);
    const ref = (s: string) => ({ $ref: `#/components/schemas/${name}_${s}` });
    const p = sr.def.permissions;
    // What create and update take (read-only resources have none).
    if (p.create || p.update) schemas[`${name}_input`] = jsonSchema(sr.def.schema(t, 'create'));
    const variant = variantParameter(sr);
    const op = (id: string, permission: string, summary: string, rest: Json): Json => ({
      tags: [tag],
      summary,
      operationId: `${name}_${id}`,
      // x-permission: the permission code the server checks for the operation (clients and the
      // access-matrix test read it; the administrator holds every code).
      'x-permission': permission,
      ...rest,
      ...(variant.length ? { parameters: [...((rest.parameters as Json[] | undefined) ?? []), ...variant] } : {}),
    });
    const refused = errors('Forbidden');
    // A write on existing rows also needs the read, and acts only on rows the caller can read.
    const onRows = (o: Json): Json => ({ ...o, 'x-read-permission': p.list, description: `Needs ${p.list} too: acts only on rows the caller can read (their data scope); any other id answers 404 and changes nothing.` });
    const ops: Json = {
      get: op('list', p.list, `List (${p.list})`, {
        parameters: listParameters(sr, t),
        responses: {
          200: okResponse('page', {
            type: 'object',
            properties: { rows: { type: 'array', items: ref('row') }, total: { type: ['integer', 'null'] }, page: { type: 'integer' }, pageSize: { type: 'integer' }, nextCursor: { type: ['integer', 'null'] } },
            required: ['rows', 'total', 'page', 'pageSize', 'nextCursor'],
          }),
          ...refused,
        },
      }),
    };
    if (p.create) ops.post = op('create', p.create, `Create (${p.create})`, { requestBody: { required: true, content: json(ref('input')) }, responses: { 200: okResponse('created', ref('row')), ...refused } });
    const deleted = okResponse('deleted', { type: 'object', properties: { deleted: { type: 'integer' } }, required: ['deleted'] });
    if (p.delete) ops.delete = onRows(op('deleteMany', p.delete, `Delete many (${p.delete})`, { requestBody: idsBody, responses: { 200: deleted, ...refused, ...errors('NotFound') } }));
    paths[base] = ops;
    const member: Json = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: op('get', p.list, 'Get one', { responses: { 200: okResponse('row', ref('row')), ...refused, ...errors('NotFound') } }),
    };
    if (p.update) {
      member.put = onRows(
        op('update', p.update, `Update (${p.update}); send the row's version`, {
          requestBody: { required: true, content: json({ allOf: [ref('input'), { type: 'object', properties: { version: { type: 'integer' } }, required: sr.def.versioned === false ? [] : ['version'] }] }) },
          responses: { 200: okResponse('updated', ref('row')), ...refused, ...errors('NotFound', 'Conflict') },
        }),
      );
    }
    if (p.delete) member.delete = onRows(op('delete', p.delete, `Delete (${p.delete})`, { responses: { 200: deleted, ...refused, ...errors('NotFound') } }));
    paths[`${base}/{id}`] = member;
    for (const tr of sr.def.stateMachine?.transitions ?? []) {
      paths[`${base}/transition/${tr.name}`] = {
        post: onRows(op(`transition_${tr.name}`, tr.permission, `${t(tr.labelKey)} (${tr.permission}): ${tr.from.join('|')} → ${tr.to}`, {
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              properties: {
                ids: IDS,
                ...(tr.note ? { note: { type: ['string', 'null'], maxLength: tr.note.maxLength, description: t(tr.note.labelKey) } } : {}),
                ...(tr.amount ? { amount: { type: ['string', 'null'], description: t(tr.amount.labelKey) } } : {}),
              },
              required: ['ids'],
            }),
          },
          responses: { 200: okResponse('the rows after the transition', { type: 'array', items: ref('row') }), ...refused, ...errors('NotFound', 'Conflict') },
        })),
      };
    }
    Object.assign(paths, partPaths(sr, t, base, op, ref));
    paths[`${base}/export`] = {
      get: op('export', p.export ?? p.list, 'Export (streamed)', {
        parameters: [{ name: 'format', in: 'query', schema: { type: 'string', enum: ['xlsx', 'csv'] } }, ...listParameters(sr, t)],
        responses: { 200: fileResponse('the filtered list as XLSX (format=xlsx, the default) or UTF-8 CSV (format=csv)', [XLSX, 'text/csv']), ...refused },
      }),
    };
    if (p.import) {
      paths[`${base}/import`] = {
        post: op('import', p.import, `Import (${p.import}): starts the import job, progress at /api/core/imports/{importId}`, {
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: '.xlsx or UTF-8 .csv' }, mode: { type: 'string', enum: ['all', 'valid'] } }, required: ['file'] } } } },
          responses: { 200: okResponse('started', { type: 'object', properties: { importId: { type: 'integer' } }, required: ['importId'] }), ...refused },
        }),
      };
      paths[`${base}/import-template`] = {
        get: op('importTemplate', p.import, `Import template (${p.import})`, { responses: { 200: fileResponse('XLSX with the importable columns', [XLSX]), ...refused } }),
      };
    }
  }
  coreApiPaths({ paths, schemas });
  for (const plugin of registry.plugins) plugin.openapi?.({ paths, schemas }, t);
  finishOperations(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: t('core:app.name'),
      version: '1.0',
      description: 'Every JSON response is the envelope { code, msg, data }: 200 success, 500 error, 505 alert, 403 not allowed, 404 not found, 20011 not logged in (the HTTP status says the same).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas,
      responses: errorComponents(),
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' }, token: { type: 'http', scheme: 'bearer', description: 'partner API token (ptk_…)' } },
    },
    security: [{ session: [] }, { token: [] }],
    paths,
  };
}
