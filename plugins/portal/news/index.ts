// Portal area "news" (SPEC §2 /dataBase/displayInformation/news and /banner, Portal Management
// › news and content maintenance; §3 News, §4 news states, §5 news rules): news in zh/en/my with
// cover images and rich text, published by hand or at a scheduled time (the job), taken off the
// shelf and republished; the portal's fixed content blocks; the home page banners; and the
// public, cacheable API the portal and the sdk/ widgets read them from.
import type { PluginArea } from '@core/shared';
import { auditColumns } from '@core/server';
import { BANNER_PERMISSIONS, CONTENT_PERMISSIONS, MENU, NEWS_PERMISSIONS } from './news';
import { bannerResource, contentResource, newsLookups, newsResource, scheduledPublishJob } from './news.server';
import { newsDemo } from './demo';
import { newsOpenapi } from './openapi';
import { screens } from './screens';
import { DISPLAY_GROUP, PORTAL_GROUP } from '../common';
import { latestNews } from './public.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const route = (path: string, file: string) => ({ path: `api/portal/public/${path}`, file: `news/routes/${file}`, layout: 'none' as const });

export const newsArea: PluginArea = {
  key: 'news',
  screens,
  resources: [newsResource, contentResource, bannerResource],
  lookups: newsLookups,
  jobs: [scheduledPublishJob],
  // The display area's big screen lists the latest titles (plugins/portal/display/bigScreen.server.ts).
  services: { 'portal.latestNews': latestNews },
  routes: [
    route('news', 'api.public.news.ts'),
    route('news/:id', 'api.public.news.$id.ts'),
    route('news/:id/view', 'api.public.news.$id.view.ts'),
    route('news/:id/cover', 'api.public.news.$id.cover.ts'),
    route('content', 'api.public.content.ts'),
    route('banners', 'api.public.banners.ts'),
    route('banners/:id/image', 'api.public.banners.$id.image.ts'),
  ],
  openapi: newsOpenapi,
  migrations: [
    {
      name: 'news_001',
      async up(knex) {
        await knex.schema.createTable('ptl_news', (t) => {
          t.increments('id');
          t.string('title', 100).notNullable();
          t.string('type', 16).notNullable();
          t.string('lang', 2).notNullable();
          t.string('source', 100).notNullable();
          t.string('summary', 500).notNullable();
          t.text('content', 'mediumtext').nullable();
          t.integer('cover_file_id').nullable();
          t.integer('original_id').unsigned().nullable().references('id').inTable('ptl_news');
          t.integer('views').notNullable().defaultTo(0);
          t.string('status', 16).notNullable().defaultTo('unpublished');
          t.datetime('publish_at', { precision: 3 }).nullable();
          t.datetime('published_at', { precision: 3 }).nullable();
          auditColumns(t);
          // The public list: published, one language (and type), newest first.
          t.index(['status', 'lang', 'published_at'], 'ptl_news_public');
          t.index(['status', 'publish_at'], 'ptl_news_due');
          t.index(['original_id']);
        });
        await knex.schema.createTable('ptl_news_view', (t) => {
          t.increments('id');
          t.integer('news_id').notNullable();
          t.string('reader', 40).notNullable();
          t.date('day').notNullable();
          t.unique(['news_id', 'reader', 'day'], { indexName: 'ptl_news_view_once' });
        });
        await knex.schema.createTable('ptl_content', (t) => {
          t.increments('id');
          t.string('key', 16).notNullable();
          t.string('lang', 2).notNullable();
          t.string('title', 100).notNullable();
          t.text('content', 'mediumtext').nullable();
          auditColumns(t);
          t.unique(['key', 'lang'], { indexName: 'ptl_content_key_lang' });
        });
        await knex.schema.createTable('ptl_banner', (t) => {
          t.increments('id');
          t.string('title', 100).notNullable();
          t.integer('image_file_id').notNullable();
          t.string('link', 300).nullable();
          t.integer('sort_order').notNullable().defaultTo(0);
          t.string('lang', 3).notNullable().defaultTo('all');
          t.date('valid_from').notNullable();
          t.date('valid_to').nullable();
          t.boolean('enabled').notNullable().defaultTo(true);
          auditColumns(t);
          t.index(['enabled', 'lang', 'sort_order']);
        });
      },
      async down(knex) {
        for (const table of ['ptl_banner', 'ptl_content', 'ptl_news_view', 'ptl_news']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  grants: [
    // The platform's operators run the portal: news (publishing too), content and banners.
    {
      role: 'PTGL',
      menus: ['dataBase', DISPLAY_GROUP, PORTAL_GROUP, ...Object.values(MENU)],
      permissions: [...Object.values(NEWS_PERMISSIONS), ...Object.values(CONTENT_PERMISSIONS), ...Object.values(BANNER_PERMISSIONS)],
    },
  ],
  seeds: [newsDemo],
  locales: { zh, en, my },
};
