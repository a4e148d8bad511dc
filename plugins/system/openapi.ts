// The system plugin's own API routes (beside its resources) in /api/openapi.json.
import { errors, json, okResponse, type Json, type OpenApiParts } from '@core/server';

const str = { type: 'string' };
const tag = 'system: administration';

export function systemOpenApi(doc: OpenApiParts): void {
  const p = doc.paths;
  const userId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  const op = (id: string, permission: string, summary: string, rest: Json): Json => ({ tags: [tag], summary, operationId: id, 'x-permission': permission, ...rest });
  p['/api/system/userAction/{id}/resetPassword'] = {
    post: op('system_user_resetPassword', 'system:user:edit', "Sets a user's password (6–32 characters) and signs them out everywhere", {
      parameters: [userId],
      requestBody: { required: true, content: json({ type: 'object', properties: { password: { type: 'string', minLength: 6, maxLength: 32 } }, required: ['password'] }) },
      responses: { 200: okResponse('reset', { type: 'null' }), ...errors('Forbidden', 'NotFound') },
    }),
  };
  p['/api/system/userAction/{id}/forceLogout'] = {
    post: op('system_user_forceLogout', 'system:user:edit', "Ends every session of a user", {
      parameters: [userId],
      responses: { 200: okResponse('sessions ended', { type: 'object', properties: { sessions: { type: 'integer' } }, required: ['sessions'] }), ...errors('Forbidden', 'NotFound') },
    }),
  };
  p['/api/system/menu/save'] = {
    post: op('system_menu_save', 'system:menu:edit', 'Adds a menu entry (no key) or changes one (key; fields left out keep their value)', {
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: { key: str, parentKey: str, title: str, path: str, icon: { type: 'string', pattern: '^[A-Za-z]*$' }, orderNum: { type: 'integer', minimum: 0, maximum: 99999 }, hidden: { type: 'boolean' }, permission: str },
        }),
      },
      responses: { 200: okResponse('saved', {}), ...errors('Forbidden', 'NotFound') },
    }),
  };
  p['/api/system/menu/remove'] = {
    post: op('system_menu_remove', 'system:menu:edit', 'Removes a custom menu entry without children', {
      requestBody: { required: true, content: json({ type: 'object', properties: { key: str }, required: ['key'] }) },
      responses: { 200: okResponse('removed', { type: 'null' }), ...errors('Forbidden') },
    }),
  };
  p['/api/system/apiToken/issue'] = {
    post: op('system_apiToken_issue', 'system:apiToken:add', 'Issues a partner API token (shown once; use it as `Authorization: Bearer …`)', {
      requestBody: { required: true, content: json({ $ref: '#/components/schemas/system_apiToken_input' }) },
      responses: { 200: okResponse('issued', { type: 'object', properties: { id: { type: 'integer' }, token: { type: 'string', pattern: '^ptk_' } }, required: ['id', 'token'] }), ...errors('Forbidden') },
    }),
  };
  // The job screen's actions as JSON (plugins/system/routes/api.jobs.ts, api.jobAction.ts).
  const nullable = (type: string, extra: Json = {}) => ({ type: [type, 'null'], ...extra });
  const run: Json = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      jobName: str,
      trigger: { type: 'string', enum: ['cron', 'manual', 'catchUp'] },
      status: { type: 'string', enum: ['running', 'success', 'failed', 'skipped', 'interrupted'] },
      runner: { type: 'string', enum: ['inprocess', 'bullmq'] },
      startedAt: nullable('string', { format: 'date-time' }),
      finishedAt: nullable('string', { format: 'date-time' }),
      durationMs: nullable('integer'),
      message: nullable('string'),
      error: nullable('string'),
    },
    required: ['id', 'jobName', 'trigger', 'status', 'runner', 'startedAt', 'finishedAt', 'durationMs', 'message', 'error'],
  };
  const job: Json = {
    type: 'object',
    properties: {
      name: str,
      plugin: str,
      titleKey: str,
      cron: nullable('string'),
      defaultCron: nullable('string'),
      onDemand: { type: 'boolean' },
      exclusive: { type: 'boolean', description: 'never two runs at once on any process' },
      catchUp: { type: 'boolean', description: 'a tick missed while no scheduler ran is run once at the next start' },
      status: { type: 'string', enum: ['normal', 'paused'] },
      nextRunAt: nullable('string', { format: 'date-time' }),
      updatedAt: nullable('string', { format: 'date-time' }),
      lastRun: { oneOf: [run, { type: 'null' }] },
    },
    required: ['name', 'plugin', 'titleKey', 'cron', 'defaultCron', 'onDemand', 'exclusive', 'catchUp', 'status', 'nextRunAt', 'updatedAt', 'lastRun'],
  };
  const jobName = { name: 'name', in: 'path', required: true, description: 'the job name, e.g. `customs.receiptImport`', schema: { type: 'string' } };
  p['/api/system/jobs'] = {
    get: op('system_job_list', 'system:job:list', 'The jobs with their schedule, run policy and last run', { responses: { 200: okResponse('jobs', { type: 'array', items: job }), ...errors('Forbidden') } }),
  };
  p['/api/system/jobs/{name}/run'] = {
    post: op('system_job_run', 'system:job:run', 'Runs the job once now (queued to a worker with Redis; run and awaited in-process otherwise)', {
      parameters: [jobName],
      responses: {
        200: okResponse('started', { type: 'object', properties: { queued: { type: 'boolean' }, logId: nullable('integer'), status: { type: ['string', 'null'], enum: ['running', 'success', 'failed', 'skipped', null] } }, required: ['queued', 'logId', 'status'] }),
        ...errors('Forbidden', 'NotFound'),
      },
    }),
  };
  for (const [name, summary] of [
    ['pause', 'Pauses the job schedule (runs by hand still possible)'],
    ['resume', 'Resumes the job schedule'],
  ] as const) {
    p[`/api/system/jobs/{name}/${name}`] = {
      post: op(`system_job_${name}`, 'system:job:edit', summary, { parameters: [jobName], responses: { 200: okResponse('done', job), ...errors('BadRequest', 'Forbidden', 'NotFound') } }),
    };
  }
  p['/api/system/jobs/{name}/cron'] = {
    post: op('system_job_cron', 'system:job:edit', 'Changes the job cron (5 or 6 fields, in the platform time zone TZ)', {
      parameters: [jobName],
      requestBody: { required: true, content: json({ type: 'object', properties: { cron: { type: 'string', maxLength: 64, example: '0 */5 * * * *' } }, required: ['cron'] }) },
      responses: { 200: okResponse('saved', job), ...errors('BadRequest', 'Forbidden', 'NotFound') },
    }),
  };
  p['/api/dropDown/queryAllRefCodeList'] = {
    get: {
      tags: [tag],
      summary: 'Every code of every code type, for drop-downs (any signed-in user)',
      operationId: 'system_refCode_all',
      'x-access': 'signed-in',
      responses: {
        200: okResponse('codes', {
          type: 'array',
          items: {
            type: 'object',
            properties: { rvDomain: str, rvLowValue: str, rvHighValue: { type: ['string', 'null'] }, rvMeaning: str, rvMeaningEn: { type: ['string', 'null'] }, isDefault: { type: 'boolean' }, ediCode: { type: ['string', 'null'] } },
            required: ['rvDomain', 'rvLowValue', 'rvMeaning', 'isDefault'],
          },
        }),
      },
    },
  };
}
