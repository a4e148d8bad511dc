// Portal area "messages" (门户管理 → 在线留言, SPEC §3 Online message): what the public posts on
// the portal (POST /api/portal/public/messages, rate-limited per address, with a honeypot) and
// reads back with its number and email; staff assign, reply and close. Also the portal origins
// (门户来源): the allow-list of sites whose pages may call /api/portal/public/* from the
// browser, which this area hands to core's CORS layer (`crossOrigin`).
import type { PluginArea } from '@core/shared';
import { auditColumns, errors, json, okResponse } from '@core/server';
import { K, LIMITS, MESSAGE_FILE_MAX, MESSAGE_FILE_MAX_MB, MESSAGE_FILE_TYPES, MESSAGE_MENU, MESSAGE_PERMISSIONS, MESSAGE_STATES, MESSAGE_TYPES } from './message';
import { messageResource, staffLookup } from './message.server';
import { enabledOrigins, originResource } from './origin.server';
import { RATE_LIMIT_TABLE } from './limiter.server';
import { messagesDemo, originsDemo } from './demo';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The portal's public API: every path under it may be called from an allowed portal origin. */
export const PUBLIC_PREFIX = '/api/portal/public/';

const pub = (id: string, summary: string, rest: Record<string, unknown>) => ({ tags: ['portal: public'], summary, operationId: id, 'x-access': 'public', security: [], ...rest });
const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };

export const messagesArea: PluginArea = {
  key: 'messages',
  screens,
  permissions: [{ code: MESSAGE_PERMISSIONS.assign, titleKey: `${K}.action.assign`, menu: MESSAGE_MENU }],
  migrations: [
    {
      name: 'messages_001',
      async up(knex) {
        await knex.schema.createTable('ptl_message', (t) => {
          t.increments('id');
          t.string('message_no', 20).notNullable().unique();
          t.string('type', 16).notNullable();
          t.string('name', LIMITS.name).notNullable();
          t.string('email', LIMITS.email).notNullable();
          t.string('contact', LIMITS.contact).nullable();
          t.text('content').notNullable();
          t.string('status', 16).notNullable().defaultTo('new');
          t.integer('assignee_id').nullable();
          t.text('reply').nullable();
          t.datetime('replied_at', { precision: 3 }).nullable();
          t.integer('replied_by').nullable();
          t.datetime('closed_at', { precision: 3 }).nullable();
          t.string('client_ip', 64).nullable();
          auditColumns(t);
          t.index(['status', 'created_at']);
          t.index(['assignee_id']);
        });
        // The day's last message sequence: one row per day, incremented atomically.
        await knex.schema.createTable('ptl_message_counter', (t) => {
          t.string('day', 8).primary();
          t.integer('last_seq').notNullable().defaultTo(0);
        });
        // rate-limiter-flexible's store (its own column names): points used by a key until expire (ms).
        await knex.schema.createTable(RATE_LIMIT_TABLE, (t) => {
          t.string('key', 255).primary();
          t.integer('points').notNullable().defaultTo(0);
          t.bigInteger('expire').nullable();
        });
        await knex.schema.createTable('ptl_origin', (t) => {
          t.increments('id');
          t.string('origin', 200).notNullable().unique();
          t.boolean('enabled').notNullable().defaultTo(true);
          t.string('remark', 200).nullable();
          auditColumns(t);
        });
      },
      async down(knex) {
        for (const table of ['ptl_origin', RATE_LIMIT_TABLE, 'ptl_message_counter', 'ptl_message']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  resources: [messageResource, originResource],
  lookups: { staff: staffLookup },
  routes: [
    { path: 'api/portal/public/messages', file: 'messages/routes/api.public.messages.ts', layout: 'none' },
    { path: 'api/portal/public/messages/lookup', file: 'messages/routes/api.public.messages.lookup.ts', layout: 'none' },
    { path: 'api/portal/messageAssign', file: 'messages/routes/api.messageAssign.ts', layout: 'none' },
  ],
  crossOrigin: [{ paths: [PUBLIC_PREFIX], multipart: ['/api/portal/public/messages'], origins: ({ knex }) => enabledOrigins(knex) }],
  grants: [
    {
      role: 'PTGL',
      menus: ['portalManagement', MESSAGE_MENU],
      permissions: [MESSAGE_PERMISSIONS.list, MESSAGE_PERMISSIONS.assign, MESSAGE_PERMISSIONS.reply, MESSAGE_PERMISSIONS.close],
    },
  ],
  seeds: [originsDemo, messagesDemo],
  openapi: (doc) => {
    doc.paths['/api/portal/public/messages'] = {
      post: pub(
        'portal_public_message_post',
        `Posts a complaint or suggestion from the portal (rate-limited per client address: PORTAL_MESSAGE_LIMIT posts per PORTAL_MESSAGE_WINDOW_S seconds, 429 beyond). Honeypot: a filled \`website\` field is answered as accepted with messageNo null and nothing is stored. Up to ${MESSAGE_FILE_MAX} files of ${MESSAGE_FILE_TYPES.join(', ')}, ≤ ${MESSAGE_FILE_MAX_MB} MB each, checked by content. Allowed portal origins may post cross-origin.`,
        {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    type: { type: 'string', enum: [...MESSAGE_TYPES] },
                    name: { type: 'string', minLength: 1, maxLength: LIMITS.name },
                    email: { type: 'string', format: 'email', maxLength: LIMITS.email },
                    contact: { type: 'string', maxLength: LIMITS.contact },
                    content: { type: 'string', minLength: 1, maxLength: LIMITS.content },
                    files: { type: 'array', maxItems: MESSAGE_FILE_MAX, items: { type: 'string', format: 'binary' } },
                    website: { type: 'string', description: 'honeypot: leave empty' },
                  },
                  required: ['type', 'name', 'email', 'content'],
                },
              },
            },
          },
          responses: {
            200: okResponse('posted: its number (null when taken for a bot)', { type: 'object', properties: { messageNo: { type: ['string', 'null'], pattern: '^LY\\d{12,}$' } }, required: ['messageNo'] }),
            ...errors('TooManyRequests', 'Forbidden'),
          },
        },
      ),
    };
    doc.paths['/api/portal/public/messages/lookup'] = {
      get: pub('portal_public_message_lookup', 'The sender reads a message and its reply back by number and email (both must match; a 404 otherwise, whichever did not). Rate-limited per client address.', {
        parameters: [
          { name: 'no', in: 'query', required: true, schema: str },
          { name: 'email', in: 'query', required: true, schema: str },
          { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['zh', 'en', 'my'] } },
        ],
        responses: {
          200: okResponse('the message', {
            type: 'object',
            properties: { messageNo: str, type: { type: 'string', enum: [...MESSAGE_TYPES] }, content: str, status: { type: 'string', enum: [...MESSAGE_STATES] }, reply: nullableStr, repliedAt: nullableStr, createdAt: str },
            required: ['messageNo', 'type', 'content', 'status', 'reply', 'repliedAt', 'createdAt'],
          }),
          ...errors('NotFound', 'TooManyRequests'),
        },
      }),
    };
    doc.paths['/api/portal/messageAssign'] = {
      post: {
        tags: ['portal: messages'],
        summary: `Assigns messages that are not closed to a staff user (${MESSAGE_PERMISSIONS.assign})`,
        operationId: 'portal_message_assign',
        'x-permission': MESSAGE_PERMISSIONS.assign,
        requestBody: { required: true, content: json({ type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } }, assigneeId: { type: 'integer' } }, required: ['ids', 'assigneeId'] }) },
        responses: { 200: okResponse('assigned', { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] }), ...errors('Forbidden', 'NotFound') },
      },
    };
  },
  locales: { zh, en, my },
};
