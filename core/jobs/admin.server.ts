// What the job screen does: list jobs with their schedule and last run, pause, resume,
// edit the cron, run once, page through the job log. Errors are ApiErrors whose message
// is an i18n key (core:jobs.*), ready for the API envelope. Every function takes the deps
// first ({ knex, registry, scheduler, actorId }; missing ones default to the process's own).
import type { Knex } from 'knex';
import { ApiError, CODE } from '../http/envelope.server';
import { getKnex, toDate } from '../db/knex.server';
import { getRegistry, type Registry } from '../registry.server';
import { isValidCron, nextRun } from './cron';
import { getScheduler, QueueUnavailableError, type JobScheduler } from './scheduler.server';

export interface JobAdminDeps {
  knex?: Knex;
  registry?: Registry;
  scheduler?: JobScheduler;
  /** The user making the change (sys_job.updated_by). */
  actorId?: number | null;
}

export type JobStatus = 'normal' | 'paused';

export interface JobRunSummary {
  id: number;
  jobName: string;
  trigger: 'cron' | 'manual' | 'catchUp';
  status: 'running' | 'success' | 'failed' | 'skipped' | 'interrupted';
  runner: 'inprocess' | 'bullmq';
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
  message: string | null;
  error: string | null;
}

export interface JobListItem {
  name: string;
  plugin: string;
  titleKey: string;
  /** The cron in effect (sys_job, possibly edited); null for on-demand jobs. */
  cron: string | null;
  /** The cron the plugin declares. */
  defaultCron: string | null;
  /** On-demand jobs have no cron and only run when started by hand. */
  onDemand: boolean;
  /** Never two runs at once on any process (JobDef.exclusive). */
  exclusive: boolean;
  /** A tick missed in an outage runs once at scheduler start (JobDef.catchUp). */
  catchUp: boolean;
  status: JobStatus;
  /** Next scheduled fire time (null when paused or on-demand). */
  nextRunAt: Date | null;
  updatedAt: Date | null;
  updatedBy: number | null;
  lastRun: JobRunSummary | null;
}

export interface JobLogQuery {
  jobName?: string;
  status?: string;
  page?: number;
  pageSize?: number;
}

export interface JobLogPage {
  list: JobRunSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export const MAX_PAGE_SIZE = 200;
/** The job log's order: the newest run first. */
const NEWEST_FIRST = [{ column: 'started_at', order: 'desc' as const }, { column: 'id', order: 'desc' as const }];

function resolve(deps: JobAdminDeps) {
  return {
    knex: deps.knex ?? getKnex(),
    registry: deps.registry ?? getRegistry(),
    scheduler: deps.scheduler ?? getScheduler(),
    actorId: deps.actorId ?? null,
  };
}

interface JobRow {
  name: string;
  cron: string | null;
  status: string;
  plugin: string;
  updated_at: unknown;
  updated_by: number | null;
}

interface LogRow {
  id: number;
  job_name: string;
  trigger: string;
  status: string;
  runner: string;
  started_at: unknown;
  finished_at: unknown;
  duration_ms: number | null;
  message: string | null;
  error: string | null;
}

function toRun(r: LogRow): JobRunSummary {
  return {
    id: Number(r.id),
    jobName: r.job_name,
    trigger: r.trigger as JobRunSummary['trigger'],
    status: r.status as JobRunSummary['status'],
    runner: r.runner as JobRunSummary['runner'],
    startedAt: toDate(r.started_at),
    finishedAt: toDate(r.finished_at),
    durationMs: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
    message: r.message ?? null,
    error: r.error ?? null,
  };
}

function pluginOf(registry: Registry, name: string): string {
  for (const p of registry.plugins) if (p.jobs?.some((j) => j.name === name)) return p.id;
  return 'core';
}

function jobDef(registry: Registry, name: string) {
  const job = registry.jobs.find((j) => j.name === name);
  if (!job) throw new ApiError('core:jobs.notFound', CODE.NOT_FOUND, 404);
  return job;
}

async function lastRun(knex: Knex, name: string): Promise<JobRunSummary | null> {
  const row: LogRow | undefined = await knex('sys_job_log').where({ job_name: name }).orderBy(NEWEST_FIRST).first();
  return row ? toRun(row) : null;
}

function item(registry: Registry, name: string, row: JobRow | undefined, last: JobRunSummary | null): JobListItem {
  const job = jobDef(registry, name);
  const status: JobStatus = row?.status === 'paused' ? 'paused' : 'normal';
  const cron = job.cron ? (row?.cron ?? job.cron) : null;
  let nextRunAt: Date | null = null;
  if (cron && status === 'normal' && isValidCron(cron)) nextRunAt = nextRun(cron, new Date());
  return {
    name,
    plugin: row?.plugin ?? pluginOf(registry, name),
    titleKey: job.titleKey,
    cron,
    defaultCron: job.cron ?? null,
    onDemand: !job.cron,
    exclusive: job.exclusive,
    catchUp: job.catchUp,
    status,
    nextRunAt,
    updatedAt: toDate(row?.updated_at),
    updatedBy: row?.updated_by ?? null,
    lastRun: last,
  };
}

/** Every job of the enabled plugins, in registry order, with its schedule and last run. */
export async function listJobs(deps: JobAdminDeps = {}): Promise<JobListItem[]> {
  const { knex, registry } = resolve(deps);
  const rows: JobRow[] = await knex('sys_job').select('name', 'cron', 'status', 'plugin', 'updated_at', 'updated_by');
  const byName = new Map(rows.map((r) => [r.name, r]));
  const lasts = await Promise.all(registry.jobs.map((j) => lastRun(knex, j.name)));
  return registry.jobs.map((j, i) => item(registry, j.name, byName.get(j.name), lasts[i]));
}

export async function getJob(deps: JobAdminDeps, name: string): Promise<JobListItem> {
  const { knex, registry } = resolve(deps);
  jobDef(registry, name);
  const row: JobRow | undefined = await knex('sys_job').where({ name }).first();
  return item(registry, name, row, await lastRun(knex, name));
}

/** Makes sure the job has its sys_job row (a job added since the last sync). */
async function ensureRow(knex: Knex, registry: Registry, name: string): Promise<void> {
  const job = jobDef(registry, name);
  const row = await knex('sys_job').where({ name }).first('name');
  if (row) return;
  try {
    await knex('sys_job').insert({
      name,
      cron: job.cron ?? null,
      status: 'normal',
      plugin: pluginOf(registry, name),
      updated_at: new Date(),
      created_at: new Date(),
    });
  } catch {
    // inserted concurrently
  }
}

async function setStatus(deps: JobAdminDeps, name: string, to: JobStatus): Promise<JobListItem> {
  const r = resolve(deps);
  await ensureRow(r.knex, r.registry, name);
  const from: JobStatus = to === 'paused' ? 'normal' : 'paused';
  // Conditional update: of two concurrent identical requests, the second gets statusSame.
  const changed = await r.knex('sys_job')
    .where({ name })
    .andWhere((q) => (from === 'normal' ? q.whereNot('status', 'paused') : q.where('status', 'paused')))
    .update({ status: to, updated_at: new Date(), updated_by: r.actorId });
  if (!changed) throw new ApiError('core:jobs.statusSame', CODE.ALERT);
  await r.scheduler.reschedule(name);
  return getJob(r, name);
}

export function pauseJob(deps: JobAdminDeps, name: string): Promise<JobListItem> {
  return setStatus(deps, name, 'paused');
}

export function resumeJob(deps: JobAdminDeps, name: string): Promise<JobListItem> {
  return setStatus(deps, name, 'normal');
}

export async function updateCron(deps: JobAdminDeps, name: string, cron: string): Promise<JobListItem> {
  const r = resolve(deps);
  const job = jobDef(r.registry, name);
  if (!job.cron) throw new ApiError('core:jobs.noCron', CODE.ALERT);
  const pattern = typeof cron === 'string' ? cron.trim().replace(/\s+/g, ' ') : '';
  if (!isValidCron(pattern)) throw new ApiError('core:jobs.invalidCron', CODE.ALERT);
  await ensureRow(r.knex, r.registry, name);
  await r.knex('sys_job').where({ name }).update({ cron: pattern, updated_at: new Date(), updated_by: r.actorId });
  await r.scheduler.reschedule(name);
  return getJob(r, name);
}

/** Starts the job now, paused or not: queued on BullMQ, or run (and awaited) in-process; refused at once (503) while the queue's Redis is away. */
export async function runJobOnce(deps: JobAdminDeps, name: string): Promise<{ queued: boolean; logId?: number; status?: JobRunSummary['status'] }> {
  const r = resolve(deps);
  jobDef(r.registry, name);
  try {
    return await r.scheduler.runOnce(name);
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw new ApiError('core:jobs.queueUnavailable', CODE.ERROR, 503);
    throw e;
  }
}

/** The job log, newest first, optionally of one job and/or one status; pages start at 1. */
export async function listJobLogs(deps: JobAdminDeps, query: JobLogQuery = {}): Promise<JobLogPage> {
  const knex = deps.knex ?? getKnex();
  const page = Math.max(1, Math.floor(Number(query.page) || 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(query.pageSize) || 20)));
  const filter = (q: Knex.QueryBuilder) => {
    if (query.jobName) q.where('job_name', query.jobName);
    if (query.status) q.where('status', query.status);
    return q;
  };
  const [{ total }] = await filter(knex('sys_job_log')).count({ total: '*' });
  const rows: LogRow[] = await filter(knex('sys_job_log'))
    .select('*')
    .orderBy(NEWEST_FIRST)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { list: rows.map(toRun), total: Number(total), page, pageSize };
}
