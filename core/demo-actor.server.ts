// Demo seeds write through the same services the screens use (createRow, transitionRows, a
// domain service), as a demo user: demoActor gives them that user, in the zh catalogue.
// demoDataSeed runs such a seed once, all or nothing: on a database where the demo does not
// fit any more (a demo user's grants revoked, a code deleted) it is skipped with a warning
// instead of stopping the server's start, and leaves no half-made rows behind.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import type { Seed } from './plugin';
import { createI18n } from './i18n/i18n';
import { loadSessionUser } from './rbac/access.server';
import type { Registry } from './registry.server';
import type { Actor } from './resource/define.server';

export interface DemoActor extends Actor {
  t: TFunction;
}

/** The demo user `username` as an actor (null when that user was deleted or never seeded). */
export async function demoActor(knex: Knex, registry: Registry, username: string): Promise<DemoActor | null> {
  const row = await knex('sys_user').where({ username }).first('id');
  const user = row ? await loadSessionUser(knex, Number(row.id)) : null;
  if (!user) return null;
  const t = createI18n('zh', { zh: registry.locales('zh') }).getFixedT('zh');
  return { user, ip: null, t };
}

type SeedContext = Parameters<Seed['run']>[1];

/** A once-per-database demo seed run in one transaction (services nest theirs as savepoints). */
export function demoDataSeed(name: string, run: (trx: Knex.Transaction, ctx: SeedContext) => Promise<void>): Seed {
  return {
    name,
    once: true,
    async run(knex, ctx) {
      try {
        await knex.transaction((trx) => run(trx, ctx));
      } catch (e) {
        console.warn(`demo data "${name}" skipped: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}
