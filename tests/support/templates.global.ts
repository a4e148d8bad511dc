// Vitest global set-up (vitest.config.ts): names this run's database templates
// (tests/support/db.ts builds each once and copies it per test file) and drops them at the end.
import crypto from 'node:crypto';
import { dropTemplates } from './db';

// TEST_TEMPLATES=0 migrates and seeds every file's database itself (to compare, or to debug).
export default function setup() {
  if (process.env.TEST_TEMPLATES === '0') return;
  const run = `${process.pid}${crypto.randomBytes(2).toString('hex')}`;
  process.env.TEST_TEMPLATE_RUN = run;
  return async () => {
    await dropTemplates(run);
  };
}
