// The public API of news, content and banners, unauthenticated, on a fresh seeded database:
// only published news in the language asked for (and type), ETag and 304, the detail and the
// cover of published news only, a view counted once per reader and day, the content blocks in
// their order, and only banners enabled and valid today.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import { req, respond } from '../../../tests/support/http';
import system from '../../system';
import * as listRoute from './routes/api.public.news';
import * as detailRoute from './routes/api.public.news.$id';
import * as viewRoute from './routes/api.public.news.$id.view';
import * as coverRoute from './routes/api.public.news.$id.cover';
import * as contentRoute from './routes/api.public.content';
import * as bannersRoute from './routes/api.public.banners';
import { newsPayload, newsPortal } from './testing';
import { isoDay } from '@core/shared';

const db = setUpTestDb({ plugins: [system, newsPortal], registry: true, dataDir: true, logins: ['operator'] });
const staff = () => resourceApi('portal', 'news', { cookie: db.cookies.operator });

type Body = { code: number; msg: string; data: Record<string, unknown> & { rows: Record<string, unknown>[]; total: number; views: number } };
async function call(route: { loader?: unknown; action?: unknown }, path: string, params: Record<string, string> = {}, opts: Parameters<typeof req>[1] = {}) {
  const fn = (opts.method === 'POST' ? route.action : route.loader) as Parameters<typeof respond>[0];
  const request = req(path, opts);
  // req() names the browser `vitest`; a test may name another.
  if (opts.headers?.['user-agent']) request.headers.set('user-agent', opts.headers['user-agent']);
  const res = await respond(fn, request, params);
  const text = res.status === 304 ? '' : await res.clone().text();
  return { res, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as Body };
}

let zhPublished: number;
let zhHidden: number;
let enPublished: number;
beforeAll(async () => {
  const make = async (over: Record<string, unknown>, publish: boolean) => {
    const res = await staff().create(newsPayload(over));
    const id = Number(res.data.id);
    if (publish) await staff().transition('publish', [id]);
    return id;
  };
  zhPublished = await make({ title: '公开测试新闻甲', type: 'policy' }, true);
  zhHidden = await make({ title: '公开测试新闻乙（未发布）', type: 'policy' }, false);
  enPublished = await make({ title: 'Public test news', lang: 'en', type: 'policy' }, true);
});

describe('GET /api/portal/public/news', () => {
  it('lists only published news in the language asked for, as cards', async () => {
    const { res, body } = await call(listRoute, '/api/portal/public/news?lang=zh&type=policy&pageSize=50');
    expect(res.status).toBe(200);
    const ids = body.data.rows.map((r) => r.id);
    expect(ids).toContain(zhPublished);
    expect(ids).not.toContain(zhHidden);
    expect(ids).not.toContain(enPublished);
    const card = body.data.rows.find((r) => r.id === zhPublished)!;
    expect(card).toMatchObject({ title: '公开测试新闻甲', type: 'policy', typeLabel: '政策法规', coverUrl: null, views: 0 });
    expect(card.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.data).toMatchObject({ page: 1, pageSize: 50 });
    const en = await call(listRoute, '/api/portal/public/news?lang=en&type=policy');
    expect(en.body.data.rows.map((r) => r.id)).toEqual([enPublished]);
    expect(en.body.data.rows[0].typeLabel).toBe('Policies and regulations');
  });

  it('is cacheable: ETag and max-age, 304 to a matching If-None-Match, a new ETag after a publication', async () => {
    const first = await call(listRoute, '/api/portal/public/news?lang=zh');
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await call(listRoute, '/api/portal/public/news?lang=zh', {}, { headers: { 'if-none-match': etag } });
    expect(again.res.status).toBe(304);
    expect(again.res.headers.get('etag')).toBe(etag);
    await staff().transition('publish', [zhHidden]);
    const after = await call(listRoute, '/api/portal/public/news?lang=zh', {}, { headers: { 'if-none-match': etag } });
    expect(after.res.status).toBe(200);
    expect(after.body.data.rows.map((r) => r.id)).toContain(zhHidden);
    await staff().transition('offShelf', [zhHidden]);
    expect((await call(listRoute, '/api/portal/public/news?lang=zh&pageSize=50')).body.data.rows.map((r) => r.id)).not.toContain(zhHidden);
  });

  it('refuses an unknown type with a clear message', async () => {
    const { res, body } = await call(listRoute, '/api/portal/public/news?type=gossip');
    expect(res.status).toBe(400);
    expect(body.msg).toBe('新闻类型不正确');
  });

  it('lists the demo news, newest first, with cover URLs that serve the image', async () => {
    const { body } = await call(listRoute, '/api/portal/public/news?lang=my&pageSize=10');
    expect(body.data.total).toBeGreaterThanOrEqual(3);
    const dates = body.data.rows.map((r) => String(r.publishedAt));
    expect([...dates].sort().reverse()).toEqual(dates);
    const withCover = body.data.rows.find((r) => r.coverUrl)!;
    expect(withCover.coverUrl).toBe(`/api/portal/public/news/${withCover.id}/cover`);
    const cover = await call(coverRoute, String(withCover.coverUrl), { id: String(withCover.id) });
    expect(cover.res.status).toBe(200);
    expect(cover.res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await cover.res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});

describe('GET /api/portal/public/news/{id}', () => {
  it('answers a published item with its content, and 404 for an unpublished one', async () => {
    const { body } = await call(detailRoute, `/api/portal/public/news/${zhPublished}`, { id: String(zhPublished) });
    expect(body.data).toMatchObject({ id: zhPublished, contentHtml: '<p>测试新闻的正文</p>' });
    const hidden = await call(detailRoute, `/api/portal/public/news/${zhHidden}`, { id: String(zhHidden) });
    expect(hidden.res.status).toBe(404);
    expect((await call(coverRoute, `/api/portal/public/news/${zhHidden}/cover`, { id: String(zhHidden) })).res.status).toBe(404);
  });
});

describe('rich text written around the engine (an import, an old row, a direct write)', () => {
  const RAW = '<p onclick="alert(1)">正文</p><script>alert(document.cookie)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><iframe src="https://evil.example"></iframe>';
  const SAFE = '<p>正文</p><img src="x" /><a>链接</a>';

  it('is sanitised on the way out: the public detail, the content blocks and the staff API', async () => {
    await db.knex('ptl_news').where({ id: zhPublished }).update({ content: RAW });
    await db.knex('ptl_content').where({ key: 'about', lang: 'zh' }).update({ content: RAW });
    // Straight database changes are not announced: drop the kept answers.
    const { forgetPublicAnswers } = await import('./public.server');
    await forgetPublicAnswers();
    const detail = await call(detailRoute, `/api/portal/public/news/${zhPublished}`, { id: String(zhPublished) });
    expect(detail.body.data.contentHtml).toBe(SAFE);
    const blocks = ((await call(contentRoute, '/api/portal/public/content?lang=zh')).body.data as unknown as { blocks: { key: string; html: string }[] }).blocks;
    expect(blocks.find((b) => b.key === 'about')!.html).toBe(SAFE);
    // The engine's own answers (the staff screens' drawer, partners) too.
    expect((await staff().get(zhPublished)).data.content).toBe(SAFE);
    const row = (await staff().list({ pageSize: 100 })).data.rows.find((r) => r.id === zhPublished)!;
    expect(row.content).toBe(SAFE);
    await db.knex('ptl_news').where({ id: zhPublished }).update({ content: '<p>测试新闻的正文</p>' });
    await forgetPublicAnswers();
  });
});

describe('POST /api/portal/public/news/{id}/view', () => {
  it('counts a reader once a day, another reader (address or browser) again', async () => {
    const view = (ip: string, ua = 'vitest') => call(viewRoute, `/api/portal/public/news/${zhPublished}/view`, { id: String(zhPublished) }, { method: 'POST', ip, headers: { 'user-agent': ua } });
    const before = Number((await db.knex('ptl_news').where({ id: zhPublished }).first('views')).views);
    expect((await view('10.1.1.1')).body.data.views).toBe(before + 1);
    const [a, b] = await Promise.all([view('10.1.1.1'), view('10.1.1.1')]);
    expect(a.body.data.views).toBe(before + 1);
    expect(b.body.data.views).toBe(before + 1);
    expect((await view('10.1.1.2')).body.data.views).toBe(before + 2);
    expect((await view('10.1.1.1', 'Mozilla/5.0')).body.data.views).toBe(before + 3);
    expect(await db.knex('ptl_news_view').where({ news_id: zhPublished })).toHaveLength(3);
  });

  it('does not count an unpublished item', async () => {
    const res = await call(viewRoute, `/api/portal/public/news/${zhHidden}/view`, { id: String(zhHidden) }, { method: 'POST' });
    expect(res.res.status).toBe(404);
  });
});

describe('content and banners', () => {
  it('answers the content blocks of a language in their order', async () => {
    const { body } = await call(contentRoute, '/api/portal/public/content?lang=en');
    const blocks = (body.data as unknown as { blocks: { key: string; title: string; html: string }[] }).blocks;
    expect(blocks.map((b) => b.key)).toEqual(['about', 'services', 'contact', 'notices']);
    expect(blocks[0].title).toBe('About us');
  });

  it('refuses a second block of one key and language', async () => {
    const res = await resourceApi('portal', 'content', { cookie: db.cookies.operator }).create({ key: 'about', lang: 'en', title: 'Again', content: '<p>x</p>' });
    expect(res.msg).toBe('该内容块已有此语言的内容');
  });

  it('answers only banners enabled and valid today, in the language or all, in order', async () => {
    const zh = (await call(bannersRoute, '/api/portal/public/banners?lang=zh')).body.data as unknown as { id: number; order: number; imageUrl: string }[];
    const en = (await call(bannersRoute, '/api/portal/public/banners?lang=en')).body.data as unknown as { id: number }[];
    expect(zh.length).toBe(3);
    expect(en.length).toBe(2);
    expect(zh.map((b) => b.order)).toEqual([1, 2, 3]);
    await db.knex('ptl_banner').where({ id: zh[0].id }).update({ enabled: false });
    await db.knex('ptl_banner').where({ id: zh[1].id }).update({ valid_to: isoDay(new Date(Date.now() - 3 * 86_400_000)) });
    // Straight database changes are not announced: read past the kept answer with a fresh language key.
    const { forgetPublicAnswers } = await import('./public.server');
    await forgetPublicAnswers();
    const now = (await call(bannersRoute, '/api/portal/public/banners?lang=zh')).body.data as unknown as { id: number }[];
    expect(now.map((b) => b.id)).toEqual([zh[2].id]);
  });
});
