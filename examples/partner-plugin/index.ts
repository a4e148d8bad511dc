// An example partner plugin, the one to copy: a resource (greetings), a document with lines
// (greeting cards), a badge, a statistic, a job and the grants it gives a role, all declared as
// data, with every id prefixed by the plugin id (`partner`). It reaches core only through
// @core/server, @core/client and @core/shared, so it can live in its own package
// (package.json here). Enabled with ENABLE_EXAMPLE_PLUGIN=1 (the browser tests do).
import { defineJob, definePlugin, type PluginContext } from '@core/shared';
import { auditColumns } from '@core/server';
import { cardResource, greetingResource } from './resources.server';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const count = async ({ knex }: PluginContext, table: string) => Number((await knex(table).count({ n: '*' }).first())?.n ?? 0);

export default definePlugin({
  id: 'partner',
  root: 'examples/partner-plugin',
  // The group; its two leaves and their permissions come from the screens' resources.
  menus: [{ key: 'partner', path: '/partner', titleKey: 'partner:menu.group', icon: 'Extension', order: 800, children: [] }],
  screens,
  resources: [greetingResource, cardResource],
  // A print view in the bare layout (no sidebar), beside the screens.
  routes: [{ path: 'partner/print', file: 'routes/print.tsx', layout: 'bare' }],
  migrations: [
    {
      name: '001_partner',
      async up(knex) {
        await knex.schema.createTable('partner_greeting', (t) => {
          t.increments('id');
          t.string('text', 200).notNullable().unique();
          t.string('lang', 8).nullable();
          auditColumns(t);
        });
        await knex.schema.createTable('partner_card', (t) => {
          t.increments('id');
          t.string('title', 100).notNullable();
          t.string('recipient', 100).notNullable();
          t.string('status', 16).notNullable().defaultTo('draft');
          auditColumns(t);
        });
        await knex.schema.createTable('partner_card_line', (t) => {
          t.increments('id');
          t.integer('card_id').unsigned().notNullable().references('id').inTable('partner_card').onDelete('CASCADE');
          t.integer('line_no').notNullable();
          t.string('lang', 8).notNullable();
          t.string('text', 200).notNullable();
          t.index(['card_id', 'line_no']);
        });
      },
      async down(knex) {
        for (const table of ['partner_card_line', 'partner_card', 'partner_greeting']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  seeds: [
    {
      name: 'greetings',
      once: true,
      async run(knex) {
        const now = new Date();
        if ((await knex('partner_greeting').count({ n: '*' }).first())?.n) return;
        await knex('partner_greeting').insert([
          { text: 'Mingalaba', lang: 'my', created_at: now, updated_at: now },
          { text: '你好', lang: 'zh', created_at: now, updated_at: now },
        ]);
      },
    },
  ],
  // Platform operators (PTGL) use both screens; applied once per database, so an administrator's revocations stay.
  grants: [
    {
      role: 'PTGL',
      menus: ['partner', 'partner.hello', 'partner.card'],
      permissions: ['partner:hello:view', 'partner:hello:add', 'partner:card:list', 'partner:card:add', 'partner:card:edit', 'partner:card:send'],
      legacySeed: 'partner-hello/greetings',
    },
  ],
  badges: [{ key: 'partner.greetings', titleKey: 'partner:badge', icon: 'Notifications', roles: ['PTGL'], href: '/partner/hello', count: (ctx) => count(ctx, 'partner_greeting') }],
  stats: [
    {
      key: 'partner.greetings',
      titleKey: 'partner:stat',
      kind: 'card',
      order: 50,
      permission: 'partner:hello:view',
      load: async (ctx) => ({ kind: 'card', value: await count(ctx, 'partner_greeting') }),
    },
  ],
  jobs: [
    defineJob({
      name: 'partner.count',
      titleKey: 'partner:job',
      // A read-only count: parallel runs are harmless and nothing is lost by a missed one.
      exclusive: false,
      catchUp: false,
      process: async (ctx) => `greetings: ${await count(ctx, 'partner_greeting')}, cards: ${await count(ctx, 'partner_card')}`,
    }),
  ],
  locales: { zh, en, my },
});
