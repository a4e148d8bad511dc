// Banners and content blocks through the REST API: the banner's rules (an image is required, a
// link is an http(s) URL or a site path, valid to not before valid from, order 0–9999) and the
// content blocks' rich text sanitised like the news'.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser } from '../../../tests/support/resource';
import { tFor } from '../../../core/i18n/i18n.server';
import { storeUpload } from '../../../core/files/files.server';
import system from '../../system';
import { K } from './news';
import { bannerResource } from './news.server';
import { demoPng, newsPortal } from './testing';

const db = setUpTestDb({ plugins: [system, newsPortal], registry: true, dataDir: true, logins: ['operator', 'trader'] });
const banners = (who = 'operator') => resourceApi('portal', 'banner', { cookie: db.cookies[who] });
const t = tFor('zh');
type Errors = { fieldErrors: Record<string, string> };

let imageFileId: number;
beforeAll(async () => {
  imageFileId = (await storeUpload(bannerResource, await sessionUser(db.knex, 'operator'), new File([demoPng()], 'b.png'), t, db.knex, 'imageFileId')).id;
});

const payload = (over: Record<string, unknown> = {}) => ({ title: '预约通关', imageFileId, link: '/news', sortOrder: 1, lang: 'all', validFrom: '2026-11-01', validTo: '2026-12-31', enabled: true, ...over });

describe('banners', () => {
  it('takes a banner with its image, an http(s) or site-path link', async () => {
    const res = await banners().create(payload());
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ imageFileId, link: '/news', enabled: true });
    const other = await banners().create(payload({ imageFileId: null, link: 'https://example.com/a?b=1' }));
    expect((other.data as unknown as Errors).fieldErrors.imageFileId).toBe(t('core:resource.required', { field: t(`${K}.banner.field.image`) }));
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/x', 'news', '//evil.example/x'])('refuses the link %s', async (link) => {
    const res = await banners().create(payload({ link }));
    expect((res.data as unknown as Errors).fieldErrors.link).toBe(t(`${K}.banner.msg.badLink`));
  });

  it('refuses valid to before valid from, and an order out of range', async () => {
    const res = await banners().create(payload({ validFrom: '2026-12-01', validTo: '2026-11-01', sortOrder: 10000 }));
    const errors = (res.data as unknown as Errors).fieldErrors;
    expect(errors.validTo).toBe(t(`${K}.banner.msg.toBeforeFrom`));
    expect(errors.sortOrder).toBeTruthy();
  });

  it('refuses a trader', async () => {
    expect((await banners('trader').list()).code).toBe(403);
    expect((await banners('trader').create(payload())).code).toBe(403);
  });
});

describe('content blocks', () => {
  it('store their rich text sanitised', async () => {
    await db.knex('ptl_content').where({ key: 'contact', lang: 'my' }).delete();
    const res = await resourceApi('portal', 'content', { cookie: db.cookies.operator }).create({ key: 'contact', lang: 'my', title: 'ဆက်သွယ်ရန်', content: '<p>ဖုန်း<img src=x onerror=alert(1)><script>alert(2)</script></p>' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.content).toBe('<p>ဖုန်း<img src="x" /></p>');
  });
});
