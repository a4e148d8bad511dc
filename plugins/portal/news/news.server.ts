// News, content blocks and banners on the server: the news hooks (a new item starts unpublished
// with no views; a translation points at an original of another language, one version per
// language; publishing stamps the time), the scheduled publishing job, and the invalidation of
// the public answers (public.server.ts) after every committed write.
import type { Knex } from 'knex';
import { FieldError, afterCommit, serverResource, tableLookup, writeAudit, type ResourceHooks, type Row } from '@core/server';
import { defineJob, formatDateTime, resourceKey } from '@core/shared';
import { K, bannerDef, contentDef, newsDef } from './news';
import { forgetPublicAnswers } from './public.server';

export const NEWS_TABLE = 'ptl_news';
export const NEWS_RESOURCE = resourceKey(newsDef);

/** Once the write commits, the public answers are made again from the database (every process). */
const refreshPublic = (trx: Knex) => afterCommit(trx, forgetPublicAnswers);

/** Hooks every portal resource has: its public answers are made again after each write. */
const publicWrites: ResourceHooks = {
  afterWrite: async (_id, _input, { trx }) => refreshPublic(trx),
  afterWriteLeavesRow: true,
  beforeDelete: async (_rows, { trx }) => refreshPublic(trx),
  afterTransition: async (_rows, _name, { trx }) => refreshPublic(trx),
};

export const newsResource = serverResource(newsDef, {
  ...publicWrites,
  async validate(input, { trx, t, before }) {
    const originalId = input.originalId === null || input.originalId === undefined ? null : Number(input.originalId);
    if (originalId === null) return;
    const self = before ? Number(before.id) : null;
    const original = await trx(NEWS_TABLE).where({ id: originalId }).first('id', 'lang', 'original_id');
    if (!original || originalId === self) throw new FieldError({ originalId: t(`${K}.msg.unknownOriginal`) });
    if (original.original_id !== null) throw new FieldError({ originalId: t(`${K}.msg.originalIsVersion`) });
    if (original.lang === input.lang) throw new FieldError({ originalId: t(`${K}.msg.sameLang`) });
    // A story has one version per language.
    const twin = trx(NEWS_TABLE).where({ original_id: originalId, lang: input.lang });
    if (self) twin.whereNot('id', self);
    if (await twin.first('id')) throw new FieldError({ lang: t(`${K}.msg.versionExists`) });
    if (self && (await trx(NEWS_TABLE).where({ original_id: self }).first('id'))) throw new FieldError({ originalId: t(`${K}.msg.hasVersions`) });
  },
  toDb(input, { op }, defaults) {
    const values = { ...defaults, publish_at: input.publishAt ? new Date(String(input.publishAt)) : null };
    return op === 'create' ? { ...values, status: 'unpublished', views: 0 } : values;
  },
  async beforeTransition(rows, name) {
    // The first publication dates the item; republishing after a correction keeps its date.
    if (name === 'publish') {
      const now = new Date();
      return () => ({ published_at: now });
    }
    if (name === 'republish') {
      const now = new Date();
      return (row: Row) => (row.publishedAt ? {} : { published_at: now });
    }
  },
  async beforeDelete(rows, { trx }) {
    const ids = rows.map((r) => Number(r.id));
    // Versions of a deleted story stand on their own; its reader counts go with it.
    await trx(NEWS_TABLE).whereIn('original_id', ids).update({ original_id: null });
    await trx('ptl_news_view').whereIn('news_id', ids).delete();
    await refreshPublic(trx);
  },
});

export const contentResource = serverResource(contentDef, publicWrites);
export const bannerResource = serverResource(bannerDef, publicWrites);

export const newsLookups = {
  /** Stories a version may belong to: the items that are not themselves versions (`#id [lang] title`). */
  newsStories: tableLookup({ table: NEWS_TABLE, value: 'id', label: '#{id} [{lang}] {title}', where: (q) => void q.whereNull('original_id'), orderBy: [{ column: 'id', order: 'desc' }], limit: 500 }),
};

/**
 * Publishes the unpublished news whose scheduled time has come, each once: the UPDATE is
 * conditional on the state, so two runs at once (two processes) publish an item once, and only
 * the run that moved it writes its audit entry. Answers the ids it published.
 */
export async function publishDue(knex: Knex, now = new Date()): Promise<number[]> {
  const due: { id: number; title: string }[] = await knex(NEWS_TABLE).where({ status: 'unpublished' }).whereNotNull('publish_at').where('publish_at', '<=', now).select('id', 'title');
  const done: number[] = [];
  for (const n of due) {
    const moved = await knex.transaction(async (trx) => {
      const count = await trx(NEWS_TABLE)
        .where({ id: n.id, status: 'unpublished' })
        .update({ status: 'published', published_at: now, updated_at: now, version: trx.raw('version + 1') });
      if (count !== 1) return false;
      await writeAudit(trx, { resource: NEWS_RESOURCE, recordId: Number(n.id), action: 'transition:publish', actor: null, before: { status: 'unpublished' }, after: { status: 'published', publishedAt: now.toISOString() }, summary: n.title, note: 'scheduled' });
      return true;
    });
    if (moved) done.push(Number(n.id));
  }
  if (done.length) await forgetPublicAnswers();
  return done;
}

export const scheduledPublishJob = defineJob({
  name: 'portal.publishNews',
  titleKey: `${K}.job`,
  cron: '0 * * * * *',
  // Parallel runs would be harmless (the conditional update), but one a minute is enough.
  exclusive: true,
  // The next tick publishes whatever came due meanwhile.
  catchUp: false,
  async process({ knex }) {
    const ids = await publishDue(knex);
    return ids.length ? `published ${ids.length} at ${formatDateTime(new Date())}: ${ids.join(', ')}` : 'nothing due';
  },
});
