// Missed schedules: when a scheduler starts (a worker in BullMQ mode, the web process
// in-process), each job declared `catchUp` whose last cron tick passed with no run since runs
// once, standing for every tick missed in the outage. Of several processes starting together
// one claims the tick with a conditional update of sys_job.caught_up_tick; the others see it
// taken.
import type { Knex } from 'knex';
import type { Registry } from '../registry.server';
import { toDate } from '../db/knex.server';
import { isValidCron, previousRun } from './cron';

/** A run that starts this close before its tick (timers may fire a little early) counts for it. */
const EARLY_MS = 1000;

export interface MissedRun {
  name: string;
  /** The last tick that passed without a run. */
  tick: Date;
}

interface Row {
  name: string;
  cron: string | null;
  status: string;
  created_at: unknown;
  caught_up_tick: unknown;
}

/** The job's last tick without a run after it, or null (not missed, paused, not catching up). */
export async function missedTick(knex: Knex, registry: Registry, name: string, now: Date = new Date()): Promise<Date | null> {
  const job = registry.jobs.find((j) => j.name === name);
  if (!job?.catchUp || !job.cron) return null;
  const row: Row | undefined = await knex('sys_job').where({ name }).first('name', 'cron', 'status', 'created_at', 'caught_up_tick');
  if (!row || row.status === 'paused') return null;
  const cron = row.cron ?? job.cron;
  if (!isValidCron(cron)) return null;
  const tick = previousRun(cron, now);
  const last = await knex('sys_job_log').where({ job_name: name }).max({ at: 'started_at' }).first();
  // Ticks before the job existed (a plugin enabled later) are not missed.
  const since = Math.max(toDate(last?.at)?.getTime() ?? -Infinity, toDate(row.created_at)?.getTime() ?? -Infinity);
  if (!Number.isFinite(since)) return null;
  return tick.getTime() > since + EARLY_MS ? tick : null;
}

/** Claims the catch-up of one tick: true for exactly one caller however many ask at once. */
export async function claimCatchUp(knex: Knex, name: string, tick: Date): Promise<boolean> {
  const at = tick.getTime();
  const n = await knex('sys_job')
    .where({ name })
    .andWhere((q) => q.whereNull('caught_up_tick').orWhere('caught_up_tick', '<', at))
    .update({ caught_up_tick: at });
  return Number(n) > 0;
}

/** The catch-up jobs that missed their last tick, each claimed for this caller. */
export async function claimMissedRuns(knex: Knex, registry: Registry, now: Date = new Date()): Promise<MissedRun[]> {
  const out: MissedRun[] = [];
  for (const job of registry.jobs.filter((j) => j.catchUp && j.cron)) {
    const tick = await missedTick(knex, registry, job.name, now);
    if (tick && (await claimCatchUp(knex, job.name, tick))) out.push({ name: job.name, tick });
  }
  return out;
}
