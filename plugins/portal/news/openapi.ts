// The public API of news, content and banners in /api/openapi.json: unauthenticated
// (`x-access: public`, no security), read-only but for the view count, cacheable answers.
import { errors, fileResponse, okResponse, type Json, type OpenApiParts } from '@core/server';
import { CONTENT_KEYS, NEWS_TYPES } from './news';

const TAG = 'portal: public';
const lang: Json = { name: 'lang', in: 'query', description: 'the language of the content (default zh)', schema: { type: 'string', enum: ['zh', 'en', 'my'] } };
const id: Json = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const ifNoneMatch: Json = { name: 'If-None-Match', in: 'header', description: 'an ETag answered before: 304 when it still holds', schema: { type: 'string' } };
const notModified: Json = { description: 'not modified (the ETag given still holds)' };
const str = { type: 'string' };
const nullable = (type: string) => ({ type: [type, 'null'] });

const newsCard: Json = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: str,
    type: { type: 'string', enum: [...NEWS_TYPES] },
    typeLabel: { type: 'string', description: 'the type in the language asked for' },
    source: str,
    summary: str,
    coverUrl: { ...nullable('string'), description: 'absolute path of the cover image' },
    views: { type: 'integer' },
    publishedAt: { type: 'string', description: 'YYYY-MM-DD HH:mm:ss (platform time zone)' },
  },
  required: ['id', 'title', 'type', 'typeLabel', 'source', 'summary', 'coverUrl', 'views', 'publishedAt'],
};

const op = (operationId: string, summary: string, rest: Json): Json => ({ tags: [TAG], summary, operationId, 'x-access': 'public', security: [], ...rest });
const cached = (description: string, data: Json): Json => ({ 200: okResponse(description, data), 304: notModified });

export function newsOpenapi(doc: OpenApiParts): void {
  doc.paths['/api/portal/public/news'] = {
    get: op('portal_public_news', 'Published news in one language, newest first (cacheable: ETag, Cache-Control, 304)', {
      parameters: [
        lang,
        { name: 'type', in: 'query', schema: { type: 'string', enum: [...NEWS_TYPES] } },
        { name: 'page', in: 'query', description: '1-based', schema: { type: 'integer', minimum: 1 } },
        { name: 'pageSize', in: 'query', description: '1–50, default 10', schema: { type: 'integer', minimum: 1, maximum: 50 } },
        ifNoneMatch,
      ],
      responses: cached('a page of news cards', {
        type: 'object',
        properties: { rows: { type: 'array', items: newsCard }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } },
        required: ['rows', 'total', 'page', 'pageSize'],
      }),
    }),
  };
  doc.paths['/api/portal/public/news/{id}'] = {
    get: op('portal_public_news_detail', 'One published news item with its sanitised content (cacheable)', {
      parameters: [id, lang, ifNoneMatch],
      responses: {
        ...cached('the news item', { ...newsCard, properties: { ...(newsCard.properties as Json), lang: str, contentHtml: { type: 'string', description: 'sanitised HTML' } }, required: [...(newsCard.required as string[]), 'contentHtml'] }),
        ...errors('NotFound'),
      },
    }),
  };
  doc.paths['/api/portal/public/news/{id}/view'] = {
    post: op('portal_public_news_view', 'Counts a view of a published item, once per reader (client address and user agent) and day', {
      parameters: [id],
      responses: { 200: okResponse('the views now', { type: 'object', properties: { views: { type: 'integer' } }, required: ['views'] }), ...errors('NotFound') },
    }),
  };
  doc.paths['/api/portal/public/news/{id}/cover'] = {
    get: op('portal_public_news_cover', 'The cover image of a published news item (cacheable)', {
      parameters: [id, ifNoneMatch],
      responses: { 200: fileResponse('the image', ['image/png', 'image/jpeg']), 304: notModified, ...errors('NotFound') },
    }),
  };
  doc.paths['/api/portal/public/content'] = {
    get: op('portal_public_content', 'The portal fixed blocks (about, services, contact, notices) in one language (cacheable)', {
      parameters: [lang, ifNoneMatch],
      responses: cached('the blocks', {
        type: 'object',
        properties: {
          blocks: {
            type: 'array',
            items: { type: 'object', properties: { key: { type: 'string', enum: [...CONTENT_KEYS] }, title: str, html: { type: 'string', description: 'sanitised HTML' } }, required: ['key', 'title', 'html'] },
          },
        },
        required: ['blocks'],
      }),
    }),
  };
  doc.paths['/api/portal/public/banners'] = {
    get: op('portal_public_banners', 'The banners enabled and valid today, in one language or all, in order (cacheable)', {
      parameters: [lang, ifNoneMatch],
      responses: cached('the banners', {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'integer' }, title: str, imageUrl: { type: 'string', description: 'absolute path of the image' }, link: nullable('string'), order: { type: 'integer' } },
          required: ['id', 'title', 'imageUrl', 'link', 'order'],
        },
      }),
    }),
  };
  doc.paths['/api/portal/public/banners/{id}/image'] = {
    get: op('portal_public_banner_image', 'The image of an enabled banner (cacheable)', {
      parameters: [id, ifNoneMatch],
      responses: { 200: fileResponse('the image', ['image/png', 'image/jpeg']), 304: notModified, ...errors('NotFound') },
    }),
  };
}
