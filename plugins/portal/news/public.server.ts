// What the public portal reads (GET /api/portal/public/news, …/news/{id}, …/content, …/banners):
// published news only, in the language asked for; the content blocks; the banners enabled and
// valid today. Each answer is made once per change and kept (the body and its ETag) in a cache
// that every process drops when a portal write commits, so the list serves from memory at any
// rate; the view counts shown in it may be up to a minute old. A reader's view is counted once
// per day: a row per (news, reader, day) under a unique key, `views` raised only with a new row.
// Rich text is sanitised on the way out as well as on save: whatever reached the table (an
// import, an old row, a direct write) is served with only the allowed tags (the answer is kept,
// so that costs once per change).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { cacheableBody, createCache, etagMatches, sanitizeRichText, type CacheableBody } from '@core/server';
import { formatDateTime, todayIso } from '@core/shared';
import { CONTENT_KEYS, K, NEWS_TYPES, type ContentLang } from './news';

const cache = createCache<CacheableBody | null>({ topic: 'portal.public', max: 2000, ttlMs: 60_000 });

/** Drops every kept public answer, here and in every other process. */
export async function forgetPublicAnswers(): Promise<void> {
  await cache.invalidate();
}

export interface NewsCard {
  id: number;
  title: string;
  type: string;
  typeLabel: string;
  source: string;
  summary: string;
  coverUrl: string | null;
  views: number;
  publishedAt: string;
}

const coverUrl = (id: number) => `/api/portal/public/news/${id}/cover`;

type T = (key: string) => string;

function card(r: Record<string, unknown>, t: T): NewsCard {
  const id = Number(r.id);
  return {
    id,
    title: String(r.title),
    type: String(r.type),
    typeLabel: t(`${K}.type.${String(r.type)}`),
    source: String(r.source),
    summary: String(r.summary),
    coverUrl: r.cover_file_id ? coverUrl(id) : null,
    views: Number(r.views),
    publishedAt: formatDateTime(r.published_at),
  };
}

const CARD_COLUMNS = ['id', 'title', 'type', 'source', 'summary', 'cover_file_id', 'views', 'published_at'];

export const MAX_PAGE_SIZE = 50;

export interface NewsQuery {
  lang: ContentLang;
  type: (typeof NEWS_TYPES)[number] | null;
  page: number;
  pageSize: number;
}

/** The query's paging read leniently: a page from 1, a size from 1 to 50 (default 10). */
export function newsQuery(url: URL, lang: ContentLang): NewsQuery | { badType: string } {
  const type = url.searchParams.get('type') || null;
  if (type !== null && !(NEWS_TYPES as readonly string[]).includes(type)) return { badType: type };
  const int = (name: string, dflt: number, max: number) => {
    const n = Number(url.searchParams.get(name) ?? '');
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : dflt;
  };
  return { lang, type: type as NewsQuery['type'], page: int('page', 1, 100_000), pageSize: int('pageSize', 10, MAX_PAGE_SIZE) };
}

export function newsList(knex: Knex, q: NewsQuery, t: T): Promise<CacheableBody> {
  return cache.get(`news|${q.lang}|${q.type ?? ''}|${q.page}|${q.pageSize}`, async () => {
    const base = knex('ptl_news').where({ status: 'published', lang: q.lang });
    if (q.type) base.where({ type: q.type });
    const [rows, total] = await Promise.all([
      base
        .clone()
        .select(CARD_COLUMNS)
        .orderBy([{ column: 'published_at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      base
        .clone()
        .count({ n: '*' })
        .first()
        .then((r: { n?: unknown } | undefined) => Number(r?.n ?? 0)),
    ]);
    return cacheableBody({ rows: rows.map((r: Record<string, unknown>) => card(r, t)), total, page: q.page, pageSize: q.pageSize });
  }) as Promise<CacheableBody>;
}

/** A published news item in full (its sanitised content), or null. */
export function newsDetail(knex: Knex, id: number, lang: ContentLang, t: T): Promise<CacheableBody | null> {
  return cache.get(`detail|${id}|${lang}`, async () => {
    const r = await knex('ptl_news').where({ id, status: 'published' }).first([...CARD_COLUMNS, 'content', 'lang']);
    if (!r) return null;
    return cacheableBody({ ...card(r, t), lang: r.lang, contentHtml: sanitizeRichText(String(r.content ?? '')) });
  });
}

export function contentBlocks(knex: Knex, lang: ContentLang): Promise<CacheableBody> {
  return cache.get(`content|${lang}`, async () => {
    const rows: { key: string; title: string; content: string | null }[] = await knex('ptl_content').where({ lang }).select('key', 'title', 'content');
    const order = (k: string) => (CONTENT_KEYS as readonly string[]).indexOf(k);
    const blocks = rows.sort((a, b) => order(a.key) - order(b.key)).map((r) => ({ key: r.key, title: r.title, html: sanitizeRichText(r.content ?? '') }));
    return cacheableBody({ blocks });
  }) as Promise<CacheableBody>;
}

export function banners(knex: Knex, lang: ContentLang): Promise<CacheableBody> {
  const today = todayIso();
  return cache.get(`banners|${lang}|${today}`, async () => {
    const rows: Record<string, unknown>[] = await knex('ptl_banner')
      .where({ enabled: true })
      .whereIn('lang', ['all', lang])
      .where('valid_from', '<=', today)
      .where((w) => w.whereNull('valid_to').orWhere('valid_to', '>=', today))
      .orderBy([{ column: 'sort_order' }, { column: 'id' }])
      .select('id', 'title', 'link', 'sort_order');
    return cacheableBody(rows.map((r) => ({ id: Number(r.id), title: String(r.title), imageUrl: `/api/portal/public/banners/${Number(r.id)}/image`, link: (r.link as string | null) ?? null, order: Number(r.sort_order) })));
  }) as Promise<CacheableBody>;
}

/** Who reads, without keeping who: a hash of the client's address and user agent. */
export function readerOf(ip: string | null, userAgent: string | null): string {
  return createHash('sha256')
    .update(`${ip ?? ''}\u0000${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 40);
}

const isDuplicate = (e: unknown) => {
  const err = e as { errno?: number; code?: string; message?: string };
  return err.errno === 1062 || err.code === 'ER_DUP_ENTRY' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err.message ?? '');
};

/**
 * Counts a reader's view of a published item once per day: the row of (news, reader, day) and
 * the raised count commit together, and a second view that day (in any process) fails on the
 * unique key and changes nothing. Answers the item's views, or null when it is not published.
 */
export async function countView(knex: Knex, newsId: number, reader: string, day = todayIso()): Promise<number | null> {
  const published = await knex('ptl_news').where({ id: newsId, status: 'published' }).first('id');
  if (!published) return null;
  try {
    await knex.transaction(async (trx) => {
      await trx('ptl_news_view').insert({ news_id: newsId, reader, day });
      await trx('ptl_news').where({ id: newsId }).increment('views', 1);
    });
  } catch (e) {
    if (!isDuplicate(e)) throw e;
  }
  const row = await knex('ptl_news').where({ id: newsId }).first('views');
  return Number(row?.views ?? 0);
}

/** A stored image, cacheable: a file's bytes never change under its id, so the id is its ETag. */
export function imageAnswer(request: Request, fileId: number, mime: string, bytes: Buffer): Response {
  // The portal shows it from its own origin (an <img>): the resource policy lets it.
  const headers = { ETag: `"f${fileId}"`, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'cross-origin' };
  if (etagMatches(request, headers.ETag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { headers: { ...headers, 'Content-Type': mime, 'Content-Length': String(bytes.length) } });
}

/** The latest published news titles in a language (the display area's big screen asks for them as the service `portal.latestNews`). */
export async function latestNews(knex: Knex, opts: { lang: ContentLang; limit: number }): Promise<{ id: number; title: string; publishedAt: string }[]> {
  const rows: { id: number; title: string; published_at: unknown }[] = await knex('ptl_news')
    .where({ status: 'published', lang: opts.lang })
    .orderBy([{ column: 'published_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(opts.limit)
    .select('id', 'title', 'published_at');
  return rows.map((r) => ({ id: r.id, title: r.title, publishedAt: formatDateTime(r.published_at) ?? '' }));
}
