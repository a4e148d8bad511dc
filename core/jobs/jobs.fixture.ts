// The jobs tests' fixture: jobs of a test plugin declared in a line each, and the file's own
// jobs database (test-db.ts) made before its tests and dropped after them, with the BullMQ
// keys under the file's prefix.
import { afterAll, beforeAll } from 'vitest';
import { defineJob, definePlugin, type JobDef, type PortPlugin } from '../plugin';
import { live } from '../../tests/support/live';
import { setPlugins } from '../registry.server';
import { cleanPrefix, createJobsTestDb, type JobsTestDb } from './test-db';

/** A job `<plugin>.<name>` titled `<plugin>:<name>`, neither exclusive nor caught up unless `over` says so. */
export function testJob(name: string, process: JobDef['process']): JobDef;
export function testJob(name: string, over: Partial<JobDef>, process: JobDef['process']): JobDef;
export function testJob(name: string, a: Partial<JobDef> | JobDef['process'], b?: JobDef['process']): JobDef {
  const [over, process] = typeof a === 'function' ? [{}, a] : [a, b!];
  return defineJob({ name, titleKey: name.replace('.', ':'), exclusive: false, catchUp: false, process, ...over });
}

/** A plugin made of these jobs only. */
export const jobsPlugin = (id: string, jobs: JobDef[]) => definePlugin({ id, root: 'core/jobs', jobs });

/** The file's jobs database; core's registry is core alone unless a test installs its own (its plugins are handed over there). */
export function setUpJobsDb(plugins: PortPlugin[], prefix?: string): JobsTestDb {
  setPlugins([]);
  let db: JobsTestDb | undefined;
  beforeAll(async () => {
    db = await createJobsTestDb(plugins);
  });
  afterAll(async () => {
    if (prefix) await cleanPrefix(prefix);
    await db?.destroy();
  });
  return live(() => db, 'jobs database');
}
