// Portal area "embed": what the sdk/ widgets need from the platform beyond the public news and
// messages API. A partner's portal server exchanges its API token for a short-lived embed token
// scoped to one trader (POST /api/portal/embedToken), and the settlement status viewer in a
// visitor's browser reads that trader's bills with it (GET /api/portal/public/settlement). The
// widgets' Myanmar web font is served here too (GET /api/portal/public/fonts/…).
import type { PluginArea } from '@core/shared';
import { errors, json, okResponse } from '@core/server';
import { PORTAL_GROUP } from '../common';
import { EMBED_PERMISSION, SETTLEMENT_SCOPE } from './embed';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const str = { type: 'string' };
const int = { type: 'integer' };
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: 'object', properties, required });
const query = (name: string, schema: Record<string, unknown>, description: string) => ({ name, in: 'query', required: false, schema, description });

const bill = obj({
  serialNo: str,
  orderNo: str,
  billType: str,
  billTypeLabel: str,
  amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
  currency: str,
  billDate: { type: 'string', format: 'date' },
  status: str,
  statusLabel: str,
  payFlag: str,
  payFlagLabel: str,
  paidAt: { type: ['string', 'null'], description: 'YYYY-MM-DD HH:mm:ss' },
});

export const embedArea: PluginArea = {
  key: 'embed',
  permissions: [{ code: EMBED_PERMISSION, titleKey: 'portal:embed.perm.issue', menu: PORTAL_GROUP }],
  routes: [
    { path: 'api/portal/embedToken', file: 'embed/routes/api.embedToken.ts', layout: 'none' },
    { path: 'api/portal/public/settlement', file: 'embed/routes/api.public.settlement.ts', layout: 'none' },
    { path: 'api/portal/public/fonts/:file', file: 'embed/routes/api.public.fonts.$file.ts', layout: 'none' },
  ],
  openapi: (doc) => {
    doc.paths['/api/portal/embedToken'] = {
      post: {
        tags: ['portal: embed'],
        summary: `Exchanges the caller's right (${EMBED_PERMISSION}: a partner API token, Authorization: Bearer ptk_…, or a signed-in user) for a short-lived read-only embed token scoped to one trader's settlement states (${SETTLEMENT_SCOPE}); audited`,
        operationId: 'portal_embed_token',
        'x-permission': EMBED_PERMISSION,
        requestBody: { required: true, content: json(obj({ trader: { type: 'string', description: 'the username of a trader (userType 4)' } })) },
        responses: {
          200: okResponse('the embed token (PORTAL_EMBED_TTL_S, 10 minutes by default)', obj({ token: str, expiresAt: { type: 'string', format: 'date-time' }, scope: { type: 'string', const: SETTLEMENT_SCOPE } })),
          ...errors('Forbidden'),
        },
      },
    };
    doc.paths['/api/portal/public/fonts/{file}'] = {
      get: {
        tags: ['portal: embed'],
        summary: "The Myanmar web font the widgets declare on the host page (Noto Sans Myanmar, Myanmar range, WOFF2), so Burmese shows whatever fonts the host loads; cacheable",
        operationId: 'portal_public_font',
        'x-access': 'public',
        security: [],
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', enum: ['noto-sans-myanmar-400.woff2', 'noto-sans-myanmar-700.woff2'] } }],
        responses: {
          200: { description: 'the font', content: { 'font/woff2': { schema: { type: 'string', format: 'binary' } } } },
          304: { description: 'not modified (If-None-Match)' },
          ...errors('NotFound'),
        },
      },
    };
    doc.paths['/api/portal/public/settlement'] = {
      get: {
        tags: ['portal: embed'],
        summary: "One trader's bills and their settlement states, newest first, for the embedded settlement status viewer: only with Authorization: Embed <token> (an embed token names the trader; no session or API token is taken)",
        operationId: 'portal_public_settlement',
        'x-access': 'public',
        security: [],
        parameters: [
          { name: 'Authorization', in: 'header', required: true, schema: { type: 'string', pattern: '^Embed ' }, description: 'Embed <token> from POST /api/portal/embedToken' },
          query('page', { type: 'integer', minimum: 1, default: 1 }, '1-based page'),
          query('pageSize', { type: 'integer', minimum: 1, maximum: 50, default: 10 }, 'rows per page'),
          query('lang', { type: 'string', enum: ['zh', 'en', 'my'], default: 'zh' }, 'language of the labels and messages'),
        ],
        responses: {
          200: okResponse("the trader's bills", obj({ trader: obj({ name: str }), rows: { type: 'array', items: bill }, total: int, page: int, pageSize: int })),
          401: { $ref: '#/components/responses/NotLoggedIn' },
        },
      },
    };
  },
  locales: { zh, en, my },
};
