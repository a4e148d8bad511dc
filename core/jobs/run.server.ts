// One run of one job, whoever triggers it (in-process timer, BullMQ worker, "run once"):
// a sys_job_log row goes to 'running', the processor runs, the row ends 'success' or 'failed'.
// An exclusive job first takes its cross-process lock; without it the run is logged 'skipped'.
// While it works the run beats on its row (heartbeat_at); a 'running' row whose beat stopped
// belongs to a killed process, and every scheduler closes such rows as 'interrupted'
// (closeInterruptedRuns).
import type { Knex } from 'knex';
import type { JobDef, JobRunContext } from '../plugin';
import type { Registry } from '../registry.server';
import { getKnex, toDate } from '../db/knex.server';
import { dbLockStore, holdLock, LOCK_TTL_MS, type LockStore } from './lock.server';

/** `catchUp`: the one run after an outage that stands for the cron ticks missed in it. */
export type JobTrigger = 'cron' | 'manual' | 'catchUp';
export type JobRunner = 'inprocess' | 'bullmq';
export type JobRunStatus = 'success' | 'failed' | 'skipped';
/** What a log row can say: a run's end, a run in progress, or a run its process died in. */
export type JobLogStatus = JobRunStatus | 'running' | 'interrupted';

export const MESSAGE_MAX = 1000;
export const ERROR_MAX = 10_000;

export interface RunJobOptions {
  trigger: JobTrigger;
  runner: JobRunner;
  data?: Record<string, unknown>;
  knex?: Knex;
  /** Rethrow the processor's error after logging it (the BullMQ processor, so BullMQ retries). */
  rethrow?: boolean;
  /** Where exclusive jobs take their lock (the scheduler's: Redis in BullMQ mode); default sys_lock. */
  locks?: LockStore;
  /** Lock expiry without renewal (tests shorten it). */
  lockTtlMs?: number;
  /**
   * An exclusive job whose lock is held: how long to wait for it before the run is skipped
   * (default 0). A run BullMQ handed over from a killed worker waits for the dead run's lock
   * to expire: it is that run's work, not a second run.
   */
  lockWaitMs?: number;
  /** How often the run beats on its log row (default RUN_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/** How often a run beats on its sys_job_log row. */
export const RUN_HEARTBEAT_MS = 10_000;
/** A 'running' row whose last beat is older than this many beats is a dead process's. */
export const STALE_BEATS = 3;

/** The sys_job_log message of a run whose process died while it ran (an i18n key). */
export const INTERRUPTED = 'core:jobs.interrupted';

/** Log ids of the runs in progress in this process: never closed as interrupted by it. */
const runningHere = new Set<number>();

/** The sys_job_log message of a run skipped because another run held the job's lock (an i18n key). */
export const SKIPPED_RUNNING = 'core:jobs.skippedRunning';

/** The lock an exclusive job's runs share. */
export const jobLockName = (name: string) => `job:${name}`;

export interface RunJobResult {
  /** Id of the sys_job_log row; absent when a paused job's cron run was skipped (no row is written). */
  logId?: number;
  status: JobRunStatus;
  message?: string;
  error?: string;
}

/** Truncates to at most `max` characters (code points), marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max - 1).join('') + '…';
}

function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack || `${e.name}: ${e.message}`;
  try {
    return typeof e === 'string' ? e : JSON.stringify(e);
  } catch {
    return String(e);
  }
}

function asError(e: unknown, text?: string): Error {
  return e instanceof Error ? e : new Error(text ?? String(e));
}

export function findJob(registry: Registry, name: string): JobDef {
  const job = registry.jobs.find((j) => j.name === name);
  if (!job) throw new Error(`unknown job ${name}`);
  return job;
}

/** The sys_job row's status; a job without a row (not synced yet) counts as normal. */
export async function jobStatus(knex: Knex, name: string): Promise<'normal' | 'paused'> {
  const row = await knex('sys_job').where({ name }).first('status');
  return row?.status === 'paused' ? 'paused' : 'normal';
}

/**
 * Runs one job and records it in sys_job_log. Never throws for a failing processor (the
 * failure is in the result and the log row) unless `rethrow` is set. A paused job is skipped
 * when the trigger is cron or catch-up; manual runs always go. An exclusive job whose lock is
 * held elsewhere is skipped with a log row saying so.
 */
export async function runJob(registry: Registry, name: string, opts: RunJobOptions): Promise<RunJobResult> {
  const job = findJob(registry, name);
  const knex = opts.knex ?? getKnex();
  if (opts.trigger !== 'manual' && (await jobStatus(knex, name)) === 'paused') return { status: 'skipped' };
  if (!job.exclusive) return runLogged(registry, job, knex, opts);

  const take = () => holdLock(opts.locks ?? dbLockStore(knex), jobLockName(name), opts.lockTtlMs ?? LOCK_TTL_MS);
  let lock = await take();
  const waitUntil = Date.now() + (opts.lockWaitMs ?? 0);
  while (!lock && Date.now() < waitUntil) {
    await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(50, waitUntil - Date.now()))));
    lock = await take();
  }
  if (!lock) {
    const now = new Date();
    const logId = await insertLog(knex, name, opts, { status: 'skipped', started_at: now, finished_at: now, duration_ms: 0, message: SKIPPED_RUNNING });
    return { logId, status: 'skipped', message: SKIPPED_RUNNING };
  }
  try {
    return await runLogged(registry, job, knex, opts);
  } finally {
    await lock.release().catch((e) => console.error(`[jobs] could not release the lock of ${name}`, (e as Error).message ?? e));
  }
}

/** Writes a sys_job_log row of this run and returns its id. */
async function insertLog(knex: Knex, name: string, opts: RunJobOptions, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await knex('sys_job_log').insert({ job_name: name, trigger: opts.trigger, runner: opts.runner, ...row });
  return Number(typeof inserted === 'object' && inserted !== null ? (inserted as { id: number }).id : inserted);
}

async function runLogged(registry: Registry, job: JobDef, knex: Knex, opts: RunJobOptions): Promise<RunJobResult> {
  const { name } = job;
  const startedAt = new Date();
  const logId = await insertLog(knex, name, opts, { status: 'running', started_at: startedAt, heartbeat_at: startedAt });
  runningHere.add(logId);
  const beat = setInterval(() => {
    knex('sys_job_log')
      .where({ id: logId, status: 'running' })
      .update({ heartbeat_at: new Date() })
      .catch(() => undefined); // a database outage: the next beat tries again
  }, opts.heartbeatMs ?? RUN_HEARTBEAT_MS);
  beat.unref?.();
  try {
    return await processLogged(registry, job, knex, opts, logId, startedAt);
  } finally {
    clearInterval(beat);
    runningHere.delete(logId);
  }
}

async function processLogged(registry: Registry, job: JobDef, knex: Knex, opts: RunJobOptions, logId: number, startedAt: Date): Promise<RunJobResult> {
  const { name } = job;

  const lines: string[] = [];
  let logged = 0;
  const ctx: JobRunContext = {
    ...registry.context(knex),
    logId,
    data: opts.data ?? {},
    log(message: string) {
      // Only what fits in the message column is kept.
      if (logged > MESSAGE_MAX) return;
      const line = String(message);
      lines.push(line);
      logged += line.length + 1;
    },
  };

  let status: 'success' | 'failed';
  let message: string | undefined;
  let error: string | undefined;
  let thrown: unknown;
  try {
    const returned = await job.process(ctx);
    status = 'success';
    const text = typeof returned === 'string' && returned !== '' ? returned : lines.join('\n');
    message = text ? truncate(text, MESSAGE_MAX) : undefined;
  } catch (e) {
    thrown = e;
    status = 'failed';
    error = truncate(errorText(e), ERROR_MAX);
    message = lines.length ? truncate(lines.join('\n'), MESSAGE_MAX) : undefined;
  }
  const finishedAt = new Date();
  try {
    await knex('sys_job_log')
      .where({ id: logId })
      .update({
        status,
        message: message ?? null,
        error: error ?? null,
        finished_at: finishedAt,
        duration_ms: finishedAt.getTime() - startedAt.getTime(),
      });
  } catch (e) {
    console.error(`[jobs] could not record the end of ${name} (log ${logId})`, e);
    if (opts.rethrow) throw status === 'failed' ? asError(thrown, error) : e;
  }
  if (status === 'failed' && opts.rethrow) throw asError(thrown, error);
  return { logId, status, message, error };
}

export interface CloseInterruptedOptions {
  /** A row is a dead process's once its last beat is this old (default STALE_BEATS beats). */
  staleMs?: number;
  /** Every 'running' row but this process's own (SQLite in-process at start: nobody else runs). */
  all?: boolean;
}

/**
 * Closes the 'running' rows of runs whose process died (their beat stopped): status
 * 'interrupted', finished at the last beat, message INTERRUPTED. This process's own runs are
 * left alone. One conditional update per row, so several schedulers sweeping at once close
 * each row once. Returns the ids closed.
 */
export async function closeInterruptedRuns(knex: Knex, opts: CloseInterruptedOptions = {}): Promise<number[]> {
  const cutoff = new Date(Date.now() - (opts.staleMs ?? STALE_BEATS * RUN_HEARTBEAT_MS));
  const stale = (q: Knex.QueryBuilder) => {
    q.where({ status: 'running' });
    if (!opts.all) q.andWhere((h) => h.where('heartbeat_at', '<', cutoff).orWhere((n) => n.whereNull('heartbeat_at').andWhere('started_at', '<', cutoff)));
    if (runningHere.size) q.whereNotIn('id', [...runningHere]);
    return q;
  };
  const rows: { id: number; started_at: unknown; heartbeat_at: unknown }[] = await stale(knex('sys_job_log')).select('id', 'started_at', 'heartbeat_at').limit(500);
  const closed: number[] = [];
  for (const r of rows) {
    const started = toDate(r.started_at) ?? new Date();
    const last = toDate(r.heartbeat_at) ?? started;
    const n = await stale(knex('sys_job_log').where({ id: r.id })).update({
      status: 'interrupted',
      finished_at: last,
      duration_ms: Math.max(0, last.getTime() - started.getTime()),
      message: INTERRUPTED,
    });
    if (Number(n) > 0) closed.push(Number(r.id));
  }
  return closed;
}
