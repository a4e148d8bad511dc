// The system plugin's own API routes (beside its resources) in /api/openapi.json.
import { errors, json, okResponse, type Json, type OpenApiParts } from '../../core/http/openapi';

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
