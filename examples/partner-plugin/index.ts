// An example partner plugin: everything a partner needs to add a screen to the platform
// without touching core. Enabled with ENABLE_EXAMPLE_PLUGIN=1 (the browser tests do).
import { definePlugin, defineJob } from '../../core/plugin';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'partner-hello',
  root: 'examples/partner-plugin',
  menus: [
    {
      key: 'partner',
      path: '/partner',
      titleKey: 'partner-hello:menu.group',
      icon: 'Extension',
      order: 800,
      children: [{ key: 'partner.hello', path: '/partner/hello', titleKey: 'partner-hello:menu.hello', order: 1 }],
    },
  ],
  permissions: [{ code: 'partner:hello:view', titleKey: 'partner-hello:perm.view', menu: 'partner.hello', mandatory: true }],
  routes: [
    { path: 'partner/hello', file: 'routes/hello.tsx' },
    { path: 'partner/print', file: 'routes/print.tsx', layout: 'bare' },
  ],
  migrations: [
    {
      name: '001_greeting',
      async up(knex) {
        await knex.schema.createTable('ptn_greeting', (t) => {
          t.increments('id');
          t.string('text', 200).notNullable();
          t.datetime('created_at', { precision: 3 }).notNullable();
        });
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('ptn_greeting');
      },
    },
  ],
  seeds: [
    {
      name: 'greetings',
      once: true,
      async run(knex) {
        const row = await knex('ptn_greeting').count({ n: '*' }).first();
        if (Number(row?.n ?? 0) === 0) {
          await knex('ptn_greeting').insert([
            { text: 'Mingalaba', created_at: new Date() },
            { text: '你好', created_at: new Date() },
          ]);
        }
        // Platform operators (PTGL) may use the example screen.
        const role = await knex('sys_role').where({ code: 'PTGL' }).first();
        if (role) {
          for (const [table, col, value] of [
            ['sys_role_menu', 'menu_key', 'partner'],
            ['sys_role_menu', 'menu_key', 'partner.hello'],
            ['sys_role_permission', 'permission_code', 'partner:hello:view'],
          ] as const) {
            const has = await knex(table).where({ role_id: role.id, [col]: value }).first();
            if (!has) await knex(table).insert({ role_id: role.id, [col]: value });
          }
        }
      },
    },
  ],
  badges: [
    {
      key: 'partner.greetings',
      titleKey: 'partner-hello:badge',
      icon: 'Notifications',
      roles: ['PTGL'],
      href: '/partner/hello',
      async count({ knex }) {
        const row = await knex('ptn_greeting').count({ n: '*' }).first();
        return Number(row?.n ?? 0);
      },
    },
  ],
  stats: [
    {
      key: 'partner.greetings',
      titleKey: 'partner-hello:stat',
      kind: 'card',
      order: 50,
      permission: 'partner:hello:view',
      async load({ knex }) {
        const row = await knex('ptn_greeting').count({ n: '*' }).first();
        return { kind: 'card', value: Number(row?.n ?? 0) };
      },
    },
  ],
  jobs: [
    defineJob({
      name: 'partner-hello.count',
      titleKey: 'partner-hello:job',
      // A read-only count: parallel runs are harmless and nothing is lost by a missed one.
      exclusive: false,
      catchUp: false,
      async process({ knex }) {
        const row = await knex('ptn_greeting').count({ n: '*' }).first();
        return `greetings: ${Number(row?.n ?? 0)}`;
      },
    }),
  ],
  locales: { zh, en, my },
});
