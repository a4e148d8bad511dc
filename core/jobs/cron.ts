// Cron patterns of jobs: 5 fields (minute precision) or 6 (leading seconds field).
// Times are computed in the server's TZ (env) or UTC, the same zone BullMQ is given.
import { CronExpressionParser } from 'cron-parser';

/** The time zone cron patterns are evaluated in. */
export function cronTimeZone(): string {
  return process.env.TZ || 'UTC';
}

function fieldCount(pattern: string): number {
  return pattern.trim().split(/\s+/).filter(Boolean).length;
}

/** True for a parseable pattern of 5 or 6 fields that fires at least once. */
export function isValidCron(pattern: unknown): pattern is string {
  if (typeof pattern !== 'string') return false;
  const p = pattern.trim();
  if (!p || p.length > 64) return false; // sys_job.cron is varchar(64)
  const n = fieldCount(p);
  if (n !== 5 && n !== 6) return false;
  try {
    CronExpressionParser.parse(p, { tz: cronTimeZone() }).next();
    return true;
  } catch {
    return false;
  }
}

/** The first fire time strictly after `from`. Throws on an invalid pattern. */
export function nextRun(pattern: string, from: Date = new Date()): Date {
  if (!isValidCron(pattern)) throw new Error(`invalid cron pattern "${pattern}"`);
  return CronExpressionParser.parse(pattern.trim(), { currentDate: from, tz: cronTimeZone() }).next().toDate();
}

/** The last fire time at or before `at`. Throws on an invalid pattern. */
export function previousRun(pattern: string, at: Date = new Date()): Date {
  if (!isValidCron(pattern)) throw new Error(`invalid cron pattern "${pattern}"`);
  // prev() is strictly before currentDate: start a millisecond later so a tick at `at` counts.
  return CronExpressionParser.parse(pattern.trim(), { currentDate: new Date(at.getTime() + 1), tz: cronTimeZone() }).prev().toDate();
}

/** The next `count` fire times after `from` (for showing upcoming runs). */
export function nextRuns(pattern: string, count: number, from: Date = new Date()): Date[] {
  if (!isValidCron(pattern)) throw new Error(`invalid cron pattern "${pattern}"`);
  const expr = CronExpressionParser.parse(pattern.trim(), { currentDate: from, tz: cronTimeZone() });
  const out: Date[] = [];
  for (let i = 0; i < count && expr.hasNext(); i++) out.push(expr.next().toDate());
  return out;
}
