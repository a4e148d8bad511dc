// The job worker process (`npm run worker`): processes the BullMQ `port-jobs` queue and keeps
// the cron job schedulers in Redis. Start as many as needed; each runs two jobs at a time.
// Exclusive jobs never run twice at once across them (a Redis lock); as it starts, each worker
// queues one catch-up run of catchUp jobs whose last tick was missed (one worker of several does).
// The web server owns migrations and seeding; this process only needs the same database.
import { installAppRegistry } from '../app/registry.server';
import { getKnex } from '../core/db/knex.server';
import { createScheduler, setScheduler } from '../core/jobs/scheduler.server';
import { closeInvalidator } from '../core/cache/invalidation.server';

async function main(): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    console.error('[worker] REDIS_URL is not set: the job worker needs Redis (without it the web process runs jobs itself).');
    process.exit(1);
  }
  const registry = installAppRegistry();
  const knex = getKnex();
  const scheduler = createScheduler(registry, {
    redisUrl,
    knex,
    worker: true,
    concurrency: Number(process.env.JOBS_CONCURRENCY) || undefined,
    // How soon the job of a worker that died is handed to another one: its BullMQ lock expires
    // (30 s), then the next check for stalled jobs (every 15 s) hands it over.
    lockDuration: Number(process.env.JOBS_LOCK_MS) || undefined,
    stalledInterval: Number(process.env.JOBS_STALLED_CHECK_MS) || 15_000,
  });
  setScheduler(scheduler);
  await scheduler.start();
  console.log(`[worker] worker ready (${registry.jobs.length} jobs, pid ${process.pid})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // BullMQ's close() takes no new job and waits for the running ones; one that outlasts the
    // grace period is cut, and handed to another worker once its lock expires (JOBS_LOCK_MS).
    const graceMs = Number(process.env.SHUTDOWN_GRACE_MS) || 25_000;
    console.log(`[worker] ${signal}: finishing running jobs (at most ${graceMs} ms)`);
    const force = setTimeout(() => {
      console.error('[worker] did not stop in time, exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      await scheduler.close();
      await closeInvalidator();
      await knex.destroy();
      console.log('[worker] stopped');
      process.exit(0);
    } catch (e) {
      console.error('[worker] error while stopping', e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error('[worker] failed to start', e);
  process.exit(1);
});
