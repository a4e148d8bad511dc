// Core's own contributions, declared through the same contract as any plugin: its tables,
// demo identity seed, housekeeping job, first dashboard statistics and its locale namespace.
import { definePlugin, defineJob } from './plugin';
import { coreMigrations } from './db/core-migrations';
import { demoSeed } from './seed-demo.server';
import { coreStats } from './stats/core-stats.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'core',
  root: 'core',
  migrations: coreMigrations,
  seeds: [demoSeed],
  stats: coreStats,
  jobs: [
    defineJob({
      name: 'core.sessionCleanup',
      titleKey: 'core:jobs.sessionCleanup',
      cron: '0 */10 * * * *',
      // Idempotent deletes: parallel runs are harmless, and the next tick covers a missed one.
      exclusive: false,
      catchUp: false,
      async process({ knex }) {
        const now = new Date();
        const expired = await knex('sys_session').where('expires_at', '<', now).orWhereNotNull('revoked_at').delete();
        const cutoff = new Date(now.getTime() - 180 * 24 * 3600 * 1000);
        const logs = await knex('sys_login_log').where('created_at', '<', cutoff).delete();
        return `sessions removed: ${expired}, login log rows removed: ${logs}`;
      },
    }),
    // On demand only: a resource import (sys_import row) started by POST .../import.
    defineJob({
      name: 'core.resourceImport',
      titleKey: 'core:jobs.resourceImport',
      // One run per import, several imports at once; each claims its own sys_import row.
      exclusive: false,
      catchUp: false,
      async process({ knex, data }) {
        const importId = Number(data.importId);
        if (!Number.isInteger(importId) || importId <= 0) throw new Error('core.resourceImport needs data.importId');
        // Loaded when run: the import module reaches the registry, which loads this file.
        const { processImport } = await import('./resource/import/process.server');
        const lang = typeof data.lang === 'string' ? data.lang : undefined;
        const ip = typeof data.ip === 'string' ? data.ip : null;
        const r = await processImport(importId, { knex, lang, ip });
        return `import ${r.id}: ${r.status}, ${r.inserted} inserted, ${r.failed} failed of ${r.total}`;
      },
    }),
    // Imports left running by a killed process (or queued with their job lost) are handed to
    // core.resourceImport again, which continues from the last committed chunk.
    defineJob({
      name: 'core.importRecovery',
      titleKey: 'core:jobs.importRecovery',
      cron: '30 */10 * * * *',
      runAtStart: true,
      // Two recoveries at once would hand the same import over twice; a missed tick is covered
      // by the run at start and the next tick.
      exclusive: true,
      catchUp: false,
      async process({ knex, data }) {
        const { recoverImports } = await import('./resource/import/claim.server');
        const ids = await recoverImports({ knex, atStart: data.atStart === true });
        return ids.length ? `imports handed over again: ${ids.join(', ')}` : 'no interrupted imports';
      },
    }),
  ],
  locales: { zh, en, my },
});
