// Core's own tables: identity, access, sessions, login log, jobs. Runs first, on MySQL and SQLite.
import type { Knex } from 'knex';
import type { Migration } from '../plugin';

/** created/updated who and when, plus the optimistic-lock version. */
export function auditColumns(t: Knex.CreateTableBuilder): void {
  t.datetime('created_at', { precision: 3 }).notNullable();
  t.integer('created_by').nullable();
  t.datetime('updated_at', { precision: 3 }).notNullable();
  t.integer('updated_by').nullable();
  t.integer('version').notNullable().defaultTo(1);
}

/** A migration's down(): drops the tables, in the order given. */
const dropTables =
  (...tables: string[]) =>
  async (knex: Knex): Promise<void> => {
    for (const t of tables) await knex.schema.dropTableIfExists(t);
  };

export const coreMigrations: Migration[] = [
  {
    name: '001_identity',
    async up(knex) {
      await knex.schema.createTable('sys_dept', (t) => {
        t.increments('id');
        t.integer('parent_id').nullable().index();
        t.string('name', 100).notNullable();
        t.integer('order_num').notNullable().defaultTo(0);
        t.string('status', 1).notNullable().defaultTo('0');
        auditColumns(t);
      });
      await knex.schema.createTable('sys_user', (t) => {
        t.increments('id');
        t.string('username', 64).notNullable().unique();
        t.string('nickname', 64).notNullable();
        t.string('password_hash', 255).notNullable();
        t.string('mobile', 20).nullable();
        t.string('email', 128).nullable();
        t.integer('user_type').notNullable();
        t.string('port_area', 64).nullable();
        t.integer('company_id').nullable();
        t.string('company_name', 100).nullable();
        t.string('credit_code', 18).nullable();
        t.integer('dept_id').nullable().index();
        // 0 enabled, 1 disabled (RuoYi convention, what userStatus reports)
        t.string('status', 1).notNullable().defaultTo('0');
        t.datetime('password_changed_at', { precision: 3 }).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_role', (t) => {
        t.increments('id');
        t.string('code', 64).notNullable().unique();
        t.string('name', 64).notNullable().unique();
        t.string('data_scope', 16).notNullable().defaultTo('all');
        t.string('status', 1).notNullable().defaultTo('0');
        t.integer('order_num').notNullable().defaultTo(0);
        t.string('remark', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_user_role', (t) => {
        t.integer('user_id').unsigned().notNullable().references('sys_user.id').onDelete('CASCADE');
        t.integer('role_id').unsigned().notNullable().references('sys_role.id').onDelete('CASCADE');
        t.primary(['user_id', 'role_id']);
      });
      await knex.schema.createTable('sys_menu', (t) => {
        t.string('key', 128).primary();
        t.string('parent_key', 128).nullable().index();
        t.string('path', 255).notNullable();
        t.string('title_key', 128).notNullable();
        t.string('icon', 64).nullable();
        t.string('permission', 128).nullable();
        t.boolean('hidden').notNullable().defaultTo(false);
        t.integer('order_num').notNullable().defaultTo(0);
        t.string('plugin', 64).notNullable();
        t.datetime('updated_at', { precision: 3 }).notNullable();
      });
      await knex.schema.createTable('sys_permission', (t) => {
        t.string('code', 128).primary();
        t.string('title_key', 128).notNullable();
        t.string('menu_key', 128).nullable().index();
        t.boolean('mandatory').notNullable().defaultTo(false);
        t.string('plugin', 64).notNullable();
      });
      await knex.schema.createTable('sys_role_menu', (t) => {
        t.integer('role_id').unsigned().notNullable().references('sys_role.id').onDelete('CASCADE');
        t.string('menu_key', 128).notNullable();
        t.primary(['role_id', 'menu_key']);
      });
      await knex.schema.createTable('sys_role_permission', (t) => {
        t.integer('role_id').unsigned().notNullable().references('sys_role.id').onDelete('CASCADE');
        t.string('permission_code', 128).notNullable();
        t.primary(['role_id', 'permission_code']);
      });
    },
    down: dropTables('sys_role_permission', 'sys_role_menu', 'sys_permission', 'sys_menu', 'sys_user_role', 'sys_role', 'sys_user', 'sys_dept'),
  },
  {
    name: '002_sessions',
    async up(knex) {
      await knex.schema.createTable('sys_session', (t) => {
        t.string('id', 64).primary();
        t.integer('user_id').nullable().index();
        t.text('data').notNullable();
        t.string('ip', 64).nullable();
        t.string('user_agent', 255).nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.datetime('last_seen_at', { precision: 3 }).notNullable();
        t.datetime('expires_at', { precision: 3 }).notNullable().index();
        t.datetime('revoked_at', { precision: 3 }).nullable();
      });
      await knex.schema.createTable('sys_login_log', (t) => {
        t.increments('id');
        t.string('username', 64).notNullable();
        t.integer('user_id').nullable();
        t.string('ip', 64).nullable();
        t.string('user_agent', 255).nullable();
        t.boolean('success').notNullable();
        t.string('message', 255).nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.index(['username', 'created_at']);
        t.index(['ip', 'created_at']);
        t.index(['created_at']);
      });
    },
    down: dropTables('sys_login_log', 'sys_session'),
  },
  {
    name: '003_jobs',
    async up(knex) {
      await knex.schema.createTable('sys_job', (t) => {
        t.string('name', 128).primary();
        t.string('cron', 64).nullable();
        // normal | paused
        t.string('status', 16).notNullable().defaultTo('normal');
        t.string('plugin', 64).notNullable();
        t.datetime('updated_at', { precision: 3 }).notNullable();
        t.integer('updated_by').nullable();
      });
      await knex.schema.createTable('sys_job_log', (t) => {
        t.increments('id');
        t.string('job_name', 128).notNullable();
        // cron | manual
        t.string('trigger', 16).notNullable();
        // running | success | failed
        t.string('status', 16).notNullable();
        t.string('runner', 16).notNullable();
        t.datetime('started_at', { precision: 3 }).notNullable();
        t.datetime('finished_at', { precision: 3 }).nullable();
        t.integer('duration_ms').nullable();
        t.string('message', 1000).nullable();
        t.text('error').nullable();
        t.index(['job_name', 'started_at']);
        t.index(['started_at']);
      });
    },
    down: dropTables('sys_job_log', 'sys_job'),
  },
  {
    name: '004_seed_log',
    async up(knex) {
      await knex.schema.createTable('sys_seed_log', (t) => {
        t.string('name', 191).primary();
        t.datetime('ran_at', { precision: 3 }).notNullable();
      });
    },
    down: dropTables('sys_seed_log'),
  },
  {
    name: '005_resource_engine',
    async up(knex) {
      // Every write through the resource engine: who, when, what, before and after.
      await knex.schema.createTable('sys_audit_log', (t) => {
        t.bigIncrements('id');
        t.string('resource', 128).notNullable();
        t.string('record_id', 64).nullable();
        t.string('action', 32).notNullable();
        t.integer('user_id').nullable();
        t.string('username', 64).nullable();
        t.string('ip', 64).nullable();
        t.string('summary', 255).nullable();
        t.text('changes').nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.index(['resource', 'record_id']);
        t.index(['created_at']);
        t.index(['username', 'created_at']);
      });
      // Partner API tokens: scoped to a role, revocable; only a hash is stored.
      await knex.schema.createTable('sys_api_token', (t) => {
        t.increments('id');
        t.string('name', 100).notNullable();
        t.string('token_hash', 64).notNullable().unique();
        t.string('prefix', 12).notNullable();
        t.integer('role_id').unsigned().notNullable().references('sys_role.id').onDelete('CASCADE');
        t.integer('created_by').nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.datetime('expires_at', { precision: 3 }).nullable();
        t.datetime('revoked_at', { precision: 3 }).nullable();
        t.datetime('last_used_at', { precision: 3 }).nullable();
      });
      // Per-user screen preferences (grid columns, page size).
      await knex.schema.createTable('sys_user_pref', (t) => {
        t.integer('user_id').notNullable();
        t.string('pref_key', 128).notNullable();
        t.text('value').notNullable();
        t.datetime('updated_at', { precision: 3 }).notNullable();
        t.primary(['user_id', 'pref_key']);
      });
      // Import runs with their progress and per-row error report.
      await knex.schema.createTable('sys_import', (t) => {
        t.increments('id');
        t.string('resource', 128).notNullable();
        t.string('file_name', 255).notNullable();
        t.string('file_path', 500).notNullable();
        // all | valid
        t.string('mode', 8).notNullable();
        // queued | running | done | failed
        t.string('status', 16).notNullable();
        t.integer('total').notNullable().defaultTo(0);
        t.integer('processed').notNullable().defaultTo(0);
        t.integer('inserted').notNullable().defaultTo(0);
        t.integer('failed').notNullable().defaultTo(0);
        t.text('errors').nullable();
        t.string('message', 500).nullable();
        t.integer('created_by').notNullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.datetime('finished_at', { precision: 3 }).nullable();
      });
    },
    down: dropTables('sys_import', 'sys_user_pref', 'sys_api_token', 'sys_audit_log'),
  },
  {
    name: '006_files_and_handoffs',
    async up(knex) {
      // Uploaded files: stored under DATA_DIR/uploads (outside the web root), attached to
      // one record of one resource; downloads are checked against that record's access.
      await knex.schema.createTable('sys_file', (t) => {
        t.increments('id');
        t.string('uuid', 36).notNullable().unique();
        t.string('name', 255).notNullable();
        t.string('ext', 10).notNullable();
        t.string('mime', 100).notNullable();
        t.integer('size').notNullable();
        t.string('sha256', 64).notNullable();
        t.string('path', 500).notNullable();
        t.string('resource', 128).notNullable();
        t.integer('record_id').nullable();
        t.integer('created_by').notNullable();
        t.string('created_by_name', 64).nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.index(['resource', 'record_id']);
      });
      // Documents one plugin hands to another (an approved service order asks finance for a
      // bill): recorded here until a plugin that accepts that kind takes them.
      await knex.schema.createTable('sys_handoff', (t) => {
        t.increments('id');
        t.string('kind', 64).notNullable();
        t.string('source', 128).notNullable();
        t.string('source_id', 64).notNullable();
        t.text('payload').notNullable();
        // pending | accepted
        t.string('status', 16).notNullable();
        t.string('result', 255).nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.datetime('accepted_at', { precision: 3 }).nullable();
        t.unique(['kind', 'source', 'source_id']);
        t.index(['kind', 'status']);
      });
    },
    down: dropTables('sys_handoff', 'sys_file'),
  },
  {
    name: '007_import_resume',
    async up(knex) {
      // A running import's claim and heartbeat, so one left behind by a killed process is
      // taken over and continued from its committed cursor; the uploader's language and
      // address, so it can be continued without the job's data.
      await knex.schema.alterTable('sys_import', (t) => {
        t.string('claimed_by', 100).nullable();
        t.datetime('heartbeat_at', { precision: 3 }).nullable();
        t.string('lang', 8).nullable();
        t.string('ip', 64).nullable();
      });
    },
    async down(knex) {
      await knex.schema.alterTable('sys_import', (t) => {
        t.dropColumn('claimed_by');
        t.dropColumn('heartbeat_at');
        t.dropColumn('lang');
        t.dropColumn('ip');
      });
    },
  },
  {
    name: '008_login_throttle',
    async up(knex) {
      // Sign-in failure counters per (username, address) and per address, each taken with one
      // atomic UPDATE (core/auth/throttle.server.ts); window_start in ms since the epoch.
      await knex.schema.createTable('sys_login_throttle', (t) => {
        t.string('throttle_key', 200).primary();
        t.integer('failures').notNullable().defaultTo(0);
        t.bigInteger('window_start').notNullable();
      });
    },
    down: dropTables('sys_login_throttle'),
  },
  {
    name: '009_job_locks',
    async up(knex) {
      // Cross-process locks of exclusive jobs without Redis (core/jobs/lock.server.ts);
      // expires_at in ms since the epoch.
      await knex.schema.createTable('sys_lock', (t) => {
        t.string('name', 191).primary();
        t.string('token', 64).notNullable();
        t.bigInteger('expires_at').notNullable();
      });
      // Catch-up of missed schedules: since when the job exists (ticks before it are not
      // missed) and the tick whose catch-up run was last claimed (ms since the epoch).
      await knex.schema.alterTable('sys_job', (t) => {
        t.datetime('created_at', { precision: 3 }).nullable();
        t.bigInteger('caught_up_tick').nullable();
      });
      await knex('sys_job').update({ created_at: knex.ref('updated_at') });
    },
    async down(knex) {
      await knex.schema.alterTable('sys_job', (t) => {
        t.dropColumn('created_at');
        t.dropColumn('caught_up_tick');
      });
      await knex.schema.dropTableIfExists('sys_lock');
    },
  },
  {
    name: '010_cache_versions',
    async up(knex) {
      // Cross-process cache invalidation without Redis (core/cache/invalidation.server.ts): one
      // version per topic, bumped atomically by a write and polled by every process.
      await knex.schema.createTable('sys_cache_version', (t) => {
        t.string('topic', 100).primary();
        t.bigInteger('version').notNullable().defaultTo(0);
      });
    },
    down: dropTables('sys_cache_version'),
  },
  {
    name: '011_grant_log',
    async up(knex) {
      // Which declared grants (core/rbac/grant.ts) a database has applied, apart from the seeds.
      await knex.schema.createTable('sys_grant_log', (t) => {
        t.string('name', 191).primary();
        t.datetime('applied_at', { precision: 3 }).notNullable();
      });
    },
    down: dropTables('sys_grant_log'),
  },
  {
    name: '012_style_rules',
    async up(knex) {
      // The CSS rules of server-rendered pages by emotion name, so any web process can answer
      // the stylesheet a page links (core/ui/page-styles.server.ts).
      await knex.schema.createTable('sys_style_rule', (t) => {
        t.string('name', 191).primary();
        t.text('css', 'mediumtext').notNullable();
      });
    },
    down: dropTables('sys_style_rule'),
  },
  {
    name: '013_job_run_heartbeat',
    async up(knex) {
      // A run beats on its sys_job_log row while it works: a 'running' row whose beat stopped
      // belongs to a killed process and is closed as 'interrupted' (core/jobs/run.server.ts).
      await knex.schema.alterTable('sys_job_log', (t) => {
        t.datetime('heartbeat_at', { precision: 3 }).nullable();
        t.index(['status']);
      });
    },
    async down(knex) {
      await knex.schema.alterTable('sys_job_log', (t) => {
        t.dropIndex(['status']);
        t.dropColumn('heartbeat_at');
      });
    },
  },
];
