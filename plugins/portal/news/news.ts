// The portal's news (SPEC §3 News, §4 news states, §5 news rules), its fixed content blocks
// (about, services, contact, notices: 门户管理 › 内容维护) and the banners of its home page.
// Isomorphic: the screens render from these declarations and the server enforces them.
//
// A news item is written in one language; another language's version of the same story points
// at the first one (`originalId`), so staff add the en/my versions where they have them. States:
// unpublished → published → offShelf → published. As in most CMSs a live item is not edited in
// place: it is taken off the shelf, corrected and republished (so readers never see half an edit,
// and the audit trail shows when the public text changed).
import { z } from 'zod';
import { defineResource, permissionCodes, rules, type Transition } from '@core/shared';
import { DISPLAY_GROUP, PORTAL_GROUP, portalTable } from '../common';

export const K = 'portal:news';
const f = (k: string) => `${K}.field.${k}`;

export const MENU = {
  news: `${DISPLAY_GROUP}.news`,
  banner: `${DISPLAY_GROUP}.banner`,
  content: `${PORTAL_GROUP}.content`,
} as const;

export const NEWS_PERMISSIONS = permissionCodes('portal:news', ['publish', 'offShelf'] as const);
export const CONTENT_PERMISSIONS = permissionCodes('portal:content');
export const BANNER_PERMISSIONS = permissionCodes('portal:banner');

export const LANGS = ['zh', 'en', 'my'] as const;
export type ContentLang = (typeof LANGS)[number];
export const NEWS_TYPES = ['portNews', 'notice', 'industry', 'policy'] as const;
export const NEWS_STATES = ['unpublished', 'published', 'offShelf'] as const;
export const CONTENT_KEYS = ['about', 'services', 'contact', 'notices'] as const;
/** A banner shows in one language, or in all of them. */
export const BANNER_LANGS = ['all', ...LANGS] as const;

/** Rich text may be long (tables, lists), but not a book. */
export const CONTENT_MAX = 100_000;

const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, labelKey: `${K}.${prefix}.${value}` }));
export const langOptions = options(LANGS, 'lang');
export const typeOptions = options(NEWS_TYPES, 'type');
const stateOptions = options(NEWS_STATES, 'state');

const tr = (name: string, from: string, to: string, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `${K}.action.${name}`,
  from: [from],
  to,
  permission,
  refusedKey: `${K}.msg.${name}Refused`,
  ...extra,
});

const picked = (t: (k: string, o?: Record<string, unknown>) => string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), z.number({ error: t('core:resource.invalid', { field: t(f('original')) }) }).int().positive().nullable());

export const newsDef = defineResource({
  ...portalTable('news', 'ptl_news', `${K}.title`, MENU.news, 'title'),
  permissions: { list: NEWS_PERMISSIONS.list, create: NEWS_PERMISSIONS.add, update: NEWS_PERMISSIONS.edit, delete: NEWS_PERMISSIONS.remove, export: NEWS_PERMISSIONS.list },
  detail: true,
  stateTabs: true,
  fields: [
    { name: 'coverFileId', labelKey: f('cover'), type: 'image', image: { types: ['jpg', 'png'], maxKb: 500 }, list: { width: 90 }, form: { span: 3 } },
    { name: 'title', labelKey: f('title'), type: 'string', maxLength: 100, filter: 'contains', sortable: true, list: { width: 260 }, form: { span: 2, counter: true } },
    { name: 'type', labelKey: f('type'), type: 'enum', options: typeOptions, filter: 'eq', list: { width: 110 } },
    { name: 'lang', labelKey: f('lang'), type: 'enum', options: langOptions, filter: 'eq', list: { width: 90 } },
    { name: 'source', labelKey: f('source'), type: 'string', maxLength: 100, list: { width: 140 } },
    { name: 'originalId', labelKey: f('original'), type: 'ref', lookup: 'portal.newsStories', valueType: 'integer', list: { hidden: true }, form: { helpKey: f('originalHelp') } },
    { name: 'summary', labelKey: f('summary'), type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3, counter: true } },
    { name: 'content', labelKey: f('content'), type: 'html', list: false, form: { span: 3 } },
    { name: 'status', labelKey: f('status'), type: 'enum', options: stateOptions, form: false, import: false, list: { width: 100 } },
    { name: 'publishAt', labelKey: f('publishAt'), type: 'datetime', form: { helpKey: f('publishAtHelp') }, sortable: true, list: { hidden: true } },
    { name: 'publishedAt', labelKey: f('publishedAt'), type: 'datetime', filter: 'range', sortable: true, import: false },
    { name: 'views', labelKey: f('views'), type: 'integer', form: false, import: false, sortable: true, list: { width: 90 } },
  ],
  stateMachine: {
    field: 'status',
    states: stateOptions,
    transitions: [
      tr('publish', 'unpublished', 'published', NEWS_PERMISSIONS.publish, { primary: true, confirmKey: `${K}.confirm.publish` }),
      tr('offShelf', 'published', 'offShelf', NEWS_PERMISSIONS.offShelf, { primary: true, confirmKey: `${K}.confirm.offShelf` }),
      tr('republish', 'offShelf', 'published', NEWS_PERMISSIONS.publish, { primary: true }),
    ],
    editableIn: ['unpublished', 'offShelf'],
    deletableIn: ['unpublished', 'offShelf'],
    editRefusedKey: `${K}.msg.notEditable`,
    deleteRefusedKey: `${K}.msg.notDeletable`,
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      title: r.text(f('title'), 100, 3),
      type: r.oneOf(f('type'), NEWS_TYPES),
      lang: r.oneOf(f('lang'), LANGS),
      source: r.text(f('source'), 100),
      summary: r.text(f('summary'), 500, 3),
      content: r.richText(f('content'), CONTENT_MAX),
      coverFileId: r.optionalId(),
      originalId: picked(t),
      publishAt: r.datetime(f('publishAt'), { optional: true }),
    });
  },
});

export const contentDef = defineResource({
  ...portalTable('content', 'ptl_content', `${K}.content.title`, MENU.content, 'title'),
  defaultSort: { field: 'key', dir: 'asc' },
  permissions: { list: CONTENT_PERMISSIONS.list, create: CONTENT_PERMISSIONS.add, update: CONTENT_PERMISSIONS.edit, delete: CONTENT_PERMISSIONS.remove, export: CONTENT_PERMISSIONS.list },
  detail: true,
  unique: [{ fields: ['key', 'lang'], messageKey: `${K}.content.msg.exists` }],
  fields: [
    { name: 'key', labelKey: `${K}.content.field.key`, type: 'enum', options: options(CONTENT_KEYS, 'content.key'), filter: 'eq', sortable: true, list: { width: 140 } },
    { name: 'lang', labelKey: f('lang'), type: 'enum', options: langOptions, filter: 'eq', list: { width: 100 } },
    { name: 'title', labelKey: `${K}.content.field.title`, type: 'string', maxLength: 100, filter: 'contains', list: { width: 220 }, form: { span: 3 } },
    { name: 'content', labelKey: f('content'), type: 'html', form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      key: r.oneOf(`${K}.content.field.key`, CONTENT_KEYS),
      lang: r.oneOf(f('lang'), LANGS),
      title: r.text(`${K}.content.field.title`, 100),
      content: r.richText(f('content'), CONTENT_MAX),
    });
  },
});

/** A banner's link: an http(s) URL or a path of the site (`/news/12`). */
export const LINK = /^(https?:\/\/[^\s/$.?#][^\s]*|\/[^\s/][^\s]*|\/)$/i;

const b = (k: string) => `${K}.banner.field.${k}`;
export const bannerDef = defineResource({
  ...portalTable('banner', 'ptl_banner', `${K}.banner.title`, MENU.banner, 'title'),
  defaultSort: { field: 'sortOrder', dir: 'asc' },
  permissions: { list: BANNER_PERMISSIONS.list, create: BANNER_PERMISSIONS.add, update: BANNER_PERMISSIONS.edit, delete: BANNER_PERMISSIONS.remove, export: BANNER_PERMISSIONS.list },
  fields: [
    { name: 'imageFileId', labelKey: b('image'), type: 'image', image: { types: ['jpg', 'png'], maxKb: 500 }, list: { width: 110 }, form: { span: 3 } },
    { name: 'title', labelKey: b('title'), type: 'string', maxLength: 100, filter: 'contains', list: { width: 220 } },
    { name: 'link', labelKey: b('link'), type: 'string', maxLength: 300, list: { width: 220 }, form: { helpKey: b('linkHelp') } },
    { name: 'sortOrder', labelKey: b('sortOrder'), type: 'integer', sortable: true, list: { width: 90 } },
    { name: 'lang', labelKey: b('lang'), type: 'enum', options: options(BANNER_LANGS, 'banner.lang'), filter: 'eq', list: { width: 100 } },
    { name: 'validFrom', labelKey: b('validFrom'), type: 'date', sortable: true, list: { width: 120 } },
    { name: 'validTo', labelKey: b('validTo'), type: 'date', sortable: true, list: { width: 120 } },
    { name: 'enabled', labelKey: b('enabled'), type: 'boolean', filter: 'eq', list: { width: 90 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        imageFileId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: t('core:resource.required', { field: t(b('image')) }) }).int().positive()),
        title: r.text(b('title'), 100),
        link: r.pattern(b('link'), LINK, { optional: true, messageKey: `${K}.banner.msg.badLink` }),
        sortOrder: r.number(b('sortOrder'), { int: true, min: 0, max: 9999 }),
        lang: r.oneOf(b('lang'), BANNER_LANGS),
        validFrom: r.date(b('validFrom')),
        validTo: r.date(b('validTo'), { optional: true }),
        enabled: r.boolean(),
      })
      .superRefine((v, ctx) => {
        if (v.validFrom && v.validTo && v.validTo < v.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: t(`${K}.banner.msg.toBeforeFrom`) });
      });
  },
});
