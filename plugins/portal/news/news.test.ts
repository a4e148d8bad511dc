// News on a fresh seeded database (MariaDB, or SQLite with TEST_DB=sqlite): the states
// (publish, off shelf, republish; a refused move and a refused edit with their messages),
// language versions, the sanitised content, the cover upload, the scheduled publishing job, and
// who may do what (a trader is refused by the server).
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser } from '../../../tests/support/resource';
import { tFor } from '../../../core/i18n/i18n.server';
import { storeUpload } from '../../../core/files/files.server';
import system from '../../system';
import { K } from './news';
import { newsResource, publishDue } from './news.server';
import { demoPng, newsPayload, newsPortal } from './testing';

const db = setUpTestDb({ plugins: [system, newsPortal], registry: true, dataDir: true, logins: ['admin', 'operator', 'trader'] });
const api = (who: string) => resourceApi('portal', 'news', { cookie: db.cookies[who] });
const t = tFor('zh');

async function created(over: Record<string, unknown> = {}): Promise<number> {
  const res = await api('operator').create(newsPayload(over));
  expect(res.code, res.msg).toBe(200);
  return Number(res.data.id);
}
const row = (id: number) => db.knex('ptl_news').where({ id }).first();

describe('news states', () => {
  it('starts unpublished with no views, is published (dated), taken off the shelf and republished', async () => {
    const id = await created();
    expect(await row(id)).toMatchObject({ status: 'unpublished', views: 0, published_at: null });
    const pub = await api('operator').transition('publish', [id]);
    expect(pub.code, pub.msg).toBe(200);
    const first = (await row(id)).published_at;
    expect(first).not.toBeNull();
    expect((await api('operator').transition('offShelf', [id])).code).toBe(200);
    expect((await row(id)).status).toBe('offShelf');
    expect((await api('operator').transition('republish', [id])).code).toBe(200);
    const again = await row(id);
    expect(again.status).toBe('published');
    // Republishing a correction keeps the date of the first publication.
    expect(new Date(again.published_at).getTime()).toBe(new Date(first).getTime());
  });

  it('refuses a move from the wrong state with the catalogue message', async () => {
    const id = await created();
    const res = await api('operator').transition('offShelf', [id]);
    expect(res.code).not.toBe(200);
    expect(res.msg).toBe(t(`${K}.msg.offShelfRefused`));
    expect((await api('operator').transition('republish', [id])).msg).toBe(t(`${K}.msg.republishRefused`));
    expect((await row(id)).status).toBe('unpublished');
  });

  it('refuses to edit or delete a published item until it is taken off the shelf', async () => {
    const id = await created();
    await api('operator').transition('publish', [id]);
    const current = (await api('operator').get(id)).data;
    const edit = await api('operator').update(id, { ...newsPayload(), version: current.version });
    expect(edit.msg).toBe(t(`${K}.msg.notEditable`));
    expect((await api('operator').remove(id)).msg).toBe(t(`${K}.msg.notDeletable`));
    await api('operator').transition('offShelf', [id]);
    const fresh = (await api('operator').get(id)).data;
    expect((await api('operator').update(id, { ...newsPayload({ title: '更正后的标题' }), version: fresh.version })).code).toBe(200);
  });
});

describe('news rules', () => {
  it.each([
    ['title', 'ab', `${K}.field.title`],
    ['summary', 'ab', `${K}.field.summary`],
    ['source', '', `${K}.field.source`],
  ])('refuses a %s that breaks its length rule', async (field, value) => {
    const res = await api('operator').create(newsPayload({ [field]: value }));
    expect(res.code).toBe(500);
    expect(Object.keys((res.data as { fieldErrors: Record<string, string> }).fieldErrors)).toContain(field);
  });

  it('refuses empty rich text (an empty editor)', async () => {
    const res = await api('operator').create(newsPayload({ content: '<p></p>' }));
    expect((res.data as { fieldErrors: Record<string, string> }).fieldErrors.content).toBe(t('core:resource.required', { field: t(`${K}.field.content`) }));
  });

  it('stores the content sanitised: a script in it never reaches a reader', async () => {
    const id = await created({ content: '<p onclick="steal()">港口<script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)"></p><iframe src="https://evil.example"></iframe><a href="javascript:alert(3)">链接</a>' });
    const stored = String((await row(id)).content);
    expect(stored).toBe('<p>港口<img src="https://example.com/a.png" /></p><a>链接</a>');
  });

  it('keeps one version per language of a story, in another language than its original', async () => {
    const original = await created();
    const en = await api('operator').create(newsPayload({ lang: 'en', originalId: original }));
    expect(en.code, en.msg).toBe(200);
    expect((await api('operator').create(newsPayload({ lang: 'en', originalId: original }))).msg).toBe(t(`${K}.msg.versionExists`));
    expect((await api('operator').create(newsPayload({ lang: 'zh', originalId: original }))).msg).toBe(t(`${K}.msg.sameLang`));
    expect((await api('operator').create(newsPayload({ lang: 'my', originalId: Number(en.data.id) }))).msg).toBe(t(`${K}.msg.originalIsVersion`));
  });
});

describe('the cover image', () => {
  it('is uploaded for the field, claimed by the saved item, and refused from another type', async () => {
    const operator = await sessionUser(db.knex, 'operator');
    const file = await storeUpload(newsResource, operator, new File([demoPng()], 'cover.png'), t, db.knex, 'coverFileId');
    const id = await created({ coverFileId: file.id });
    expect(Number((await db.knex('sys_file').where({ id: file.id }).first()).record_id)).toBe(id);
    const pdf = new File([new TextEncoder().encode('%PDF-1.4\n')], 'cover.png');
    await expect(storeUpload(newsResource, operator, pdf, t, db.knex, 'coverFileId')).rejects.toThrow(t('core:files.contentMismatch', { ext: 'png' }));
  });
});

describe('scheduled publishing', () => {
  it('publishes due news once (two runs at once), audited, and leaves future ones', async () => {
    const due = await created({ publishAt: new Date(Date.now() - 60_000).toISOString() });
    const future = await created({ publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const [a, b] = await Promise.all([publishDue(db.knex), publishDue(db.knex)]);
    expect([...a, ...b].filter((x) => x === due)).toHaveLength(1);
    expect((await row(due)).status).toBe('published');
    expect((await row(due)).published_at).not.toBeNull();
    expect((await row(future)).status).toBe('unpublished');
    const audit = await db.knex('sys_audit_log').where({ resource: 'portal.news', record_id: String(due), action: 'transition:publish' });
    expect(audit).toHaveLength(1);
    expect(await publishDue(db.knex)).not.toContain(due);
  });
});

describe('permissions', () => {
  it('refuses a trader the staff API (list, add, publish) on the server', async () => {
    expect((await api('trader').list()).code).toBe(403);
    expect((await api('trader').create(newsPayload())).code).toBe(403);
    const id = await created();
    expect((await api('trader').transition('publish', [id])).code).toBe(403);
    expect((await row(id)).status).toBe('unpublished');
  });

  it('grants the platform operator the news, content and banner screens', async () => {
    expect((await api('operator').list()).code).toBe(200);
    expect((await resourceApi('portal', 'content', { cookie: db.cookies.operator }).list()).code).toBe(200);
    expect((await resourceApi('portal', 'banner', { cookie: db.cookies.operator }).list()).code).toBe(200);
  });
});
