// Jobs in a test file: the in-process scheduler (no Redis), not started, so "run once" runs
// and waits; set before the file's tests and cleared after them.
import { afterAll, beforeAll } from 'vitest';
import { setScheduler } from '../../core/jobs/scheduler.server';

export function withInProcessScheduler(): void {
  beforeAll(() => setScheduler(undefined));
  afterAll(() => setScheduler(undefined));
}
