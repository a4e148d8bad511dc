// Runs jobs on their cron schedule, two ways behind one interface:
// - in-process (no Redis, the embedded default): a setTimeout chain per job in the web process;
// - BullMQ (REDIS_URL): repeatable job schedulers on the `port-jobs` queue, processed by
//   `npm run worker` processes (worker: true); the web process only enqueues (worker: false).
// The schedule follows sys_job (status normal|paused, the possibly edited cron): after an
// administrator changes a row, reschedule(name) re-reads it and applies it.
// Exclusive jobs take their lock in runJob (Redis in BullMQ mode, sys_lock otherwise); jobs
// declared catchUp run once at start when their last tick was missed (catchup.server.ts).
// Every started scheduler sweeps every SWEEP_MS: the log rows of runs whose process died are
// closed as 'interrupted' (run.server.ts closeInterruptedRuns), and a BullMQ worker queues again
// the hand-offs (run once, an import, a catch-up) BullMQ gave up on because their workers were
// killed or the database was away.
import type { Knex } from 'knex';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Registry } from '../registry.server';
import { getRegistry } from '../registry.server';
import { getKnex, isMysql } from '../db/knex.server';
import { isDbUnavailable } from '../db/health.server';
import { cronTimeZone, isValidCron, nextRun } from './cron';
import { closeInterruptedRuns, findJob, RUN_HEARTBEAT_MS, runJob, STALE_BEATS, type JobRunStatus, type JobTrigger } from './run.server';
import { dbLockStore, LOCK_TTL_MS, redisLockStore, type LockStore } from './lock.server';
import { claimMissedRuns } from './catchup.server';
import { isRedisUnavailable, redisDown, reportRedisError, watchRedis } from '../redis/outage.server';

export const QUEUE_NAME = 'port-jobs';
export const DEFAULT_PREFIX = 'port';
/** What to log about a failed run: one line while the database is unreachable (every timer
 *  fails the same way until it is back), the whole error otherwise. */
const why = (e: unknown) => (isDbUnavailable(e) ? `database unreachable (${(e as { code?: string }).code ?? (e as Error).name})` : e);

/** A run asked for while the job queue (Redis) cannot be reached: refused at once, never queued later. */
export class QueueUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('the job queue (Redis) cannot be reached', { cause });
    this.name = 'QueueUnavailableError';
  }
}

/** BullMQ's reason for a job whose worker died twice while running it (maxStalledCount 1). */
const STALLED_TWICE = 'job stalled more than allowable limit';
/** The start of the reason of a run that failed because the database could not be reached. */
const DB_AWAY = 'database unreachable';
/** How often a hand-off killed twice over is queued again (a run that kills its worker is not retried for ever). */
const MAX_RESUMES_AFTER_KILLS = 3;

/** After Redis is back: how long a worker lets overdue schedules fire before it catches up. */
const RESUME_AFTER_OUTAGE_MS = 3000;

/** How often every started scheduler closes the log rows of runs whose process died. */
export const SWEEP_MS = 15_000;

/** setTimeout's maximum delay; longer waits are chained. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
const RETRY_ARM_MS = 60_000;

export const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential' as const, delay: 5000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

export interface JobScheduler {
  mode: 'inprocess' | 'bullmq';
  /** Schedules every cron job whose sys_job row is 'normal', with the cron stored in sys_job. */
  start(): Promise<void>;
  /** BullMQ: adds a one-off job (queued: true); in-process: runs it now and waits for it. */
  runOnce(name: string): Promise<{ queued: boolean; logId?: number; status?: JobRunStatus }>;
  /** Re-reads the job's sys_job row and applies it (after pause/resume/cron edit). */
  reschedule(name: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Starts one run of a job with data, without waiting for it (routes hand work to jobs with
   * this). BullMQ: adds a one-off job (queued: true); in-process: starts runJob in the
   * background (queued: false), errors logged.
   */
  enqueue?(name: string, data?: Record<string, unknown>): Promise<{ queued: boolean }>;
}

export interface SchedulerOptions {
  redisUrl?: string;
  knex?: Knex;
  /** BullMQ mode only: also process the queue in this process. */
  worker?: boolean;
  /** BullMQ key prefix (default 'port'). */
  prefix?: string;
  /** BullMQ worker concurrency (default 2). */
  concurrency?: number;
  /**
   * BullMQ worker: how long a job's lock lasts without renewal, and how often stalled jobs
   * (their worker died) are looked for and handed to another worker (BullMQ defaults: 30 s).
   */
  lockDuration?: number;
  stalledInterval?: number;
  /** Expiry of exclusive jobs' locks without renewal (default lock.server LOCK_TTL_MS). */
  lockTtlMs?: number;
  /** Catch up missed schedules of catchUp jobs at start (default true). */
  catchUp?: boolean;
  /** How often a run beats on its log row (default RUN_HEARTBEAT_MS; tests shorten it). */
  runHeartbeatMs?: number;
  /** How often interrupted runs are looked for (default SWEEP_MS). */
  sweepMs?: number;
}

/**
 * Every sweepMs: closes the log rows of runs whose process died. `all` once at once first
 * (SQLite in-process: one process owns the file, so every 'running' row not its own is dead).
 * A failure (the database away) is said once, and its end once.
 */
function startSweeper(knex: () => Knex, opts: SchedulerOptions, first: { all?: boolean } = {}, also?: () => Promise<void>): () => void {
  const staleMs = STALE_BEATS * (opts.runHeartbeatMs ?? RUN_HEARTBEAT_MS);
  let failing = false;
  const sweep = async (all?: boolean) => {
    try {
      const ids = await closeInterruptedRuns(knex(), { staleMs, all });
      if (ids.length) console.log(`[jobs] runs closed as interrupted (their process stopped): log ${ids.join(', ')}`);
      if (failing) console.log('[jobs] interrupted runs can be looked for again');
      failing = false;
    } catch (e) {
      if (!failing) console.error('[jobs] could not look for interrupted runs; trying again', why(e));
      failing = true;
    }
    await also?.().catch((e) => console.error('[jobs] could not queue again the runs BullMQ gave up on', (e as Error)?.message ?? e));
  };
  let running: Promise<void> = sweep(first.all);
  const timer = setInterval(() => {
    running = running.then(() => sweep());
  }, opts.sweepMs ?? SWEEP_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

interface JobRow {
  name: string;
  cron: string | null;
  status: string;
}

/** The cron a job runs on now: the (possibly edited) sys_job cron, else the plugin's; null = not scheduled. */
function effectiveSchedule(registry: Registry, name: string, row: JobRow | undefined): string | null {
  const job = registry.jobs.find((j) => j.name === name);
  // On-demand jobs (no cron in their definition) are never scheduled.
  if (!job?.cron) return null;
  if (row?.status === 'paused') return null;
  const cron = row ? row.cron : (job.cron ?? null);
  if (!cron || !isValidCron(cron)) return null;
  return cron.trim();
}

async function readRow(knex: Knex, name: string): Promise<JobRow | undefined> {
  return knex('sys_job').where({ name }).first('name', 'cron', 'status');
}

// ---------------------------------------------------------------------------------------------
// In-process

interface TimerState {
  timer?: ReturnType<typeof setTimeout>;
  /** The run in progress (cron or manual), so runs of one job never overlap. */
  running?: Promise<unknown>;
  cron?: string;
}

class InProcessScheduler implements JobScheduler {
  readonly mode = 'inprocess' as const;
  private started = false;
  private closed = false;
  private states = new Map<string, TimerState>();
  private pending = new Set<Promise<unknown>>();
  private stopSweeper?: () => void;

  constructor(
    private registry: Registry,
    private opts: SchedulerOptions = {},
  ) {}

  private get knex(): Knex {
    return this.opts.knex ?? getKnex();
  }

  private get locks(): LockStore {
    return dbLockStore(this.knex);
  }

  private run(name: string, trigger: JobTrigger, data?: Record<string, unknown>) {
    return runJob(this.registry, name, { trigger, runner: 'inprocess', data, knex: this.knex, locks: this.locks, lockTtlMs: this.opts.lockTtlMs, heartbeatMs: this.opts.runHeartbeatMs });
  }

  private state(name: string): TimerState {
    let s = this.states.get(name);
    if (!s) this.states.set(name, (s = {}));
    return s;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  private clearTimer(name: string): void {
    const s = this.states.get(name);
    if (s?.timer) clearTimeout(s.timer);
    if (s) {
      s.timer = undefined;
      s.cron = undefined;
    }
  }

  /** Reads the row and (re)arms the job's single timer, or clears it when not scheduled. */
  private async arm(name: string): Promise<void> {
    let cron: string | null;
    try {
      cron = effectiveSchedule(this.registry, name, await readRow(this.knex, name));
    } catch (e) {
      if (this.closed) return;
      console.error(`[jobs] could not read the schedule of ${name}; retrying`, why(e));
      this.clearTimer(name);
      this.setTimer(name, Date.now() + RETRY_ARM_MS, () => void this.track(this.arm(name)));
      return;
    }
    if (this.closed || !this.started) return;
    this.clearTimer(name);
    if (!cron) return;
    this.state(name).cron = cron;
    this.setTimer(name, nextRun(cron, new Date()).getTime(), (at) => void this.track(this.fire(name, at)));
  }

  /** One timer per job; waits longer than setTimeout allows are chained. */
  private setTimer(name: string, at: number, onDue: (at: number) => void): void {
    const s = this.state(name);
    if (s.timer) clearTimeout(s.timer);
    const delay = Math.max(0, at - Date.now());
    s.timer = setTimeout(
      () => {
        s.timer = undefined;
        if (this.closed) return;
        if (Date.now() < at - 5) this.setTimer(name, at, onDue);
        else onDue(at);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    s.timer.unref?.();
  }

  private async fire(name: string, at: number): Promise<void> {
    const s = this.state(name);
    if (!s.running) {
      // runJob re-checks the row: a job paused since it was armed is skipped.
      try {
        await this.serial(name, 'cron');
      } catch {
        // already reported; the schedule goes on
      }
    }
    if (this.closed) return;
    // Compute the next tick from after this one, even when the timer fired a little early.
    if (Date.now() < at) await new Promise((r) => setTimeout(r, at - Date.now()).unref?.());
    await this.arm(name);
  }

  /**
   * Runs the job now. A job that is not exclusive first waits for its run in progress in this
   * process; an exclusive one goes at once and its lock decides (a second run is skipped).
   */
  private async serial(name: string, trigger: JobTrigger, data?: Record<string, unknown>) {
    const s = this.state(name);
    if (!findJob(this.registry, name).exclusive) while (s.running) await s.running.catch(() => undefined);
    const run = this.run(name, trigger, data).catch((e) => {
      console.error(`[jobs] ${name} could not run`, why(e));
      throw e;
    });
    s.running ??= run;
    try {
      return await run;
    } finally {
      if (s.running === run) s.running = undefined;
    }
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('scheduler is closed');
    this.started = true;
    this.stopSweeper ??= startSweeper(() => this.knex, this.opts, { all: !isMysql(this.knex) });
    await Promise.all(this.registry.jobs.map((j) => this.arm(j.name)));
    // In the background: starting the web server does not wait for them.
    for (const job of this.registry.jobs.filter((j) => j.runAtStart)) {
      void this.track(this.run(job.name, 'cron', { atStart: true })).catch((e) => console.error(`[jobs] ${job.name} could not run at start`, why(e)));
    }
    if (this.opts.catchUp !== false) void this.track(this.catchUp()).catch((e) => console.error('[jobs] could not catch up missed schedules', why(e)));
  }

  /** Runs each catchUp job that missed its last tick once (claimed: one process of several). */
  private async catchUp(): Promise<void> {
    for (const missed of await claimMissedRuns(this.knex, this.registry)) {
      console.log(`[jobs] ${missed.name} missed its run at ${missed.tick.toISOString()}: catching up once`);
      void this.track(this.serial(missed.name, 'catchUp', { catchUp: true, tick: missed.tick.toISOString() })).catch(() => undefined);
    }
  }

  async runOnce(name: string): Promise<{ queued: boolean; logId?: number; status?: JobRunStatus }> {
    findJob(this.registry, name);
    const result = await this.track(this.serial(name, 'manual'));
    return { queued: false, logId: result.logId, status: result.status };
  }

  async reschedule(name: string): Promise<void> {
    findJob(this.registry, name);
    if (!this.started || this.closed) return;
    await this.arm(name);
  }

  async enqueue(name: string, data: Record<string, unknown> = {}): Promise<{ queued: boolean }> {
    findJob(this.registry, name);
    if (this.closed) throw new Error('scheduler is closed');
    // Tracked, so close() lets it finish; not awaited, so the caller answers at once.
    void this.track(this.run(name, 'manual', data)).catch((e) => console.error(`[jobs] ${name} could not run`, why(e)));
    return { queued: false };
  }

  /** The cron each armed job is currently waiting on (for diagnostics and tests). */
  scheduled(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, s] of this.states) if (s.timer && s.cron) out[name] = s.cron;
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopSweeper?.();
    for (const name of this.states.keys()) this.clearTimer(name);
    // Let runs in progress finish writing their log rows.
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

// ---------------------------------------------------------------------------------------------
// BullMQ

interface QueueJobData {
  trigger?: JobTrigger;
  [key: string]: unknown;
}

/** The worker's connection: BullMQ's blocking commands wait for Redis however long it is away. */
function redisConnection(url: string): Redis {
  return watchRedis(new Redis(url, { maxRetriesPerRequest: null }), 'jobs');
}

/**
 * The queue's connection (adding runs, the schedules, the exclusive jobs' locks): a command
 * while Redis is away fails at once instead of waiting in ioredis's offline queue, so "run
 * once" and an upload are refused at once and nothing is sent later behind the user's back.
 */
function queueConnection(url: string): Redis {
  return watchRedis(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }), 'jobs');
}

class BullScheduler implements JobScheduler {
  readonly mode = 'bullmq' as const;
  readonly queue: Queue;
  private readonly connection: Redis;
  worker?: Worker;
  private connections: Redis[] = [];
  private closed = false;
  private locks: LockStore;
  private stopSweeper?: () => void;

  constructor(
    private registry: Registry,
    private redisUrl: string,
    private opts: SchedulerOptions,
  ) {
    const connection = queueConnection(redisUrl);
    this.connection = connection;
    this.connections.push(connection);
    this.queue = new Queue(QUEUE_NAME, { connection, prefix: opts.prefix ?? DEFAULT_PREFIX });
    this.queue.on('error', reportRedisError('jobs'));
    this.locks = redisLockStore(connection, opts.prefix ?? DEFAULT_PREFIX);
    // Back after an outage: a worker puts the schedules back (Redis may have lost them) and
    // runs the catchUp jobs whose tick passed meanwhile, once (claimed: one worker of several).
    let wasDown = false;
    connection.on('reconnecting', () => (wasDown = true));
    connection.on('ready', () => {
      if (!wasDown) return;
      wasDown = false;
      if (!this.worker || this.closed) return;
      setTimeout(() => void this.resumeAfterOutage(), RESUME_AFTER_OUTAGE_MS).unref?.();
    });
  }

  private async resumeAfterOutage(): Promise<void> {
    if (this.closed) return;
    try {
      await this.applySchedules();
      if (this.opts.catchUp !== false) await this.catchUp();
    } catch (e) {
      console.error('[jobs] could not resume the schedules after Redis came back', why(e));
    }
  }

  /**
   * A worker: queues again, with fresh attempts, the hand-offs BullMQ gave up on (failed for
   * good) because their workers were killed (stalled twice) or the database was away for all
   * their attempts: a "run once", an import, a catch-up is work someone is waiting for. Cron
   * ticks are left: the next tick, or the catch-up, covers them. Of several workers sweeping at
   * once one retries a job (BullMQ moves it out of the failed set once).
   */
  private async resumeGivenUp(): Promise<void> {
    if (!this.worker || this.closed || redisDown(this.connection)) return;
    for (const job of await this.queue.getFailed(0, 199)) {
      const data = (job.data ?? {}) as QueueJobData & { resumed?: number };
      if (data.trigger !== 'manual' && data.trigger !== 'catchUp') continue;
      const reason = job.failedReason ?? '';
      const killed = reason === STALLED_TWICE;
      if (!killed && !reason.startsWith(DB_AWAY)) continue;
      const resumed = Number(data.resumed) || 0;
      if (killed && resumed >= MAX_RESUMES_AFTER_KILLS) continue;
      try {
        await job.updateData({ ...data, resumed: resumed + 1 });
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        console.log(`[jobs] ${job.name} (job ${job.id}) queued again: ${killed ? 'its workers were killed' : 'the database was away'}`);
      } catch {
        // retried by another worker meanwhile, or removed
      }
    }
  }

  /** Adds a run to the queue, or refuses it at once when Redis cannot be reached. */
  private async add(name: string, data: Record<string, unknown>): Promise<void> {
    if (redisDown(this.connection)) throw new QueueUnavailableError();
    try {
      await this.queue.add(name, data, JOB_OPTIONS);
    } catch (e) {
      if (isRedisUnavailable(e)) throw new QueueUnavailableError(e);
      throw e;
    }
  }

  private get knex(): Knex {
    return this.opts.knex ?? getKnex();
  }

  private async apply(name: string, row: JobRow | undefined): Promise<void> {
    const cron = effectiveSchedule(this.registry, name, row);
    if (cron) {
      await this.queue.upsertJobScheduler(
        name,
        { pattern: cron, tz: cronTimeZone() },
        { name, data: {}, opts: JOB_OPTIONS },
      );
    } else {
      await this.queue.removeJobScheduler(name);
    }
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('scheduler is closed');
    this.stopSweeper ??= startSweeper(() => this.knex, this.opts, {}, () => this.resumeGivenUp());
    await this.applySchedules();
    if (this.opts.worker && !this.worker) {
      this.startWorker();
      for (const job of this.registry.jobs.filter((j) => j.runAtStart)) await this.queue.add(job.name, { trigger: 'cron', atStart: true }, JOB_OPTIONS);
      if (this.opts.catchUp !== false) await this.catchUp();
    }
  }

  /** Every job's schedule as its sys_job row says; schedules of jobs no plugin provides any more removed. */
  private async applySchedules(): Promise<void> {
    const rows: JobRow[] = await this.knex('sys_job').select('name', 'cron', 'status');
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const job of this.registry.jobs) await this.apply(job.name, byName.get(job.name));
    // Schedulers of jobs no longer provided by any enabled plugin.
    const known = new Set(this.registry.jobs.map((j) => j.name));
    for (const s of await this.queue.getJobSchedulers(0, -1)) {
      const id = s.key || s.id || s.name;
      if (id && !known.has(id)) await this.queue.removeJobScheduler(id);
    }
  }

  /** Queues one run of each catchUp job that missed its last tick (claimed: one worker of several). */
  private async catchUp(): Promise<void> {
    for (const missed of await claimMissedRuns(this.knex, this.registry)) {
      console.log(`[jobs] ${missed.name} missed its run at ${missed.tick.toISOString()}: catching up once`);
      await this.queue.add(missed.name, { trigger: 'catchUp', catchUp: true, tick: missed.tick.toISOString() }, { ...JOB_OPTIONS, jobId: `catchUp-${missed.name}-${missed.tick.getTime()}` });
    }
  }

  private startWorker(): void {
    const connection = redisConnection(this.redisUrl);
    this.connections.push(connection);
    this.worker = new Worker(
      QUEUE_NAME,
      async (job: Job) => {
        const { trigger, resumed: _resumed, ...data } = (job.data ?? {}) as QueueJobData;
        const result = await runJob(this.registry, job.name, {
          trigger: trigger === 'manual' || trigger === 'catchUp' ? trigger : 'cron',
          runner: 'bullmq',
          data,
          knex: this.knex,
          rethrow: true, // BullMQ retries with backoff
          locks: this.locks,
          lockTtlMs: this.opts.lockTtlMs,
          heartbeatMs: this.opts.runHeartbeatMs,
          // Handed over from a worker that died running it: its lock outlives it by at most the
          // lock's expiry, and this is the same run's work, not a second run to skip.
          lockWaitMs: job.stalledCounter > 0 ? (this.opts.lockTtlMs ?? LOCK_TTL_MS) + 1000 : 0,
        }).catch((e: unknown) => {
          // Marked, so that a hand-off that failed only for the outage is queued again (resumeGivenUp).
          if (isDbUnavailable(e)) throw new Error(`${DB_AWAY} (${(e as { code?: string }).code ?? (e as Error).name})`, { cause: e });
          throw e;
        });
        return { logId: result.logId ?? null, status: result.status };
      },
      {
        connection,
        prefix: this.opts.prefix ?? DEFAULT_PREFIX,
        concurrency: this.opts.concurrency ?? 2,
        ...(this.opts.lockDuration ? { lockDuration: this.opts.lockDuration } : {}),
        ...(this.opts.stalledInterval ? { stalledInterval: this.opts.stalledInterval } : {}),
      },
    );
    this.worker.on('error', reportRedisError('jobs'));
    this.worker.on('failed', (job, e) => {
      // The database away: said by the sweeper once, not once per attempt.
      if (e.message.startsWith(DB_AWAY)) return;
      console.error(`[jobs] ${job?.name ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${e.message}`);
    });
  }

  async runOnce(name: string): Promise<{ queued: boolean; logId?: number }> {
    findJob(this.registry, name);
    await this.add(name, { trigger: 'manual' });
    return { queued: true };
  }

  async reschedule(name: string): Promise<void> {
    findJob(this.registry, name);
    await this.apply(name, await readRow(this.knex, name));
  }

  async enqueue(name: string, data: Record<string, unknown> = {}): Promise<{ queued: boolean }> {
    findJob(this.registry, name);
    await this.add(name, { ...data, trigger: 'manual' });
    return { queued: true };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopSweeper?.();
    await this.worker?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

// ---------------------------------------------------------------------------------------------

/** BullMQ when a Redis URL is given, otherwise in-process. */
export function createScheduler(registry: Registry, opts: SchedulerOptions = {}): JobScheduler {
  if (opts.redisUrl) return new BullScheduler(registry, opts.redisUrl, opts);
  return new InProcessScheduler(registry, opts);
}

const g = globalThis as unknown as { __portScheduler?: JobScheduler };

/**
 * The process's scheduler. If none was set (setScheduler), one is created
 * from REDIS_URL, not started: it can still run jobs once and apply reschedules to BullMQ.
 */
export function getScheduler(): JobScheduler {
  g.__portScheduler ??= createScheduler(getRegistry(), { redisUrl: process.env.REDIS_URL || undefined });
  return g.__portScheduler;
}

export function setScheduler(scheduler: JobScheduler | undefined): void {
  g.__portScheduler = scheduler;
}

/** Starts one run of a job with data on the process's scheduler, without waiting for it. */
export async function enqueueJob(name: string, data: Record<string, unknown> = {}): Promise<{ queued: boolean }> {
  const scheduler = getScheduler();
  if (!scheduler.enqueue) throw new Error(`the ${scheduler.mode} scheduler cannot enqueue jobs`);
  return scheduler.enqueue(name, data);
}
