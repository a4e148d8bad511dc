// "Process B" of invalidation.server.test.ts: a separate Node process (started with
// `node --import tsx` and an IPC channel) on the same database and Redis as the test, with its
// own registry, knex pool, caches and invalidator, as a second web process would have. It
// answers what it would enforce, through its caches: whether a user holds a permission, and a
// list's total; and signs in (the login throttle must hold across processes). DATABASE_URL, REDIS_URL (optional), CACHE_PREFIX, USER_CACHE_MS as for the app.
import { installAppRegistry } from '../../app/registry.server';
import { attemptLogin } from '../auth/login.server';
import { closeThrottleStore } from '../auth/throttle.server';
import { getKnex } from '../db/knex.server';
import { createI18n } from '../i18n/i18n';
import type { Registry } from '../registry.server';
import { hasPermission, loadSessionUserCached } from '../rbac/access.server';
import { listRows } from '../resource/service.server';
import { closeInvalidator, getInvalidator } from './invalidation.server';

export type PeerRequest =
  | { id: number; op: 'ready'; userId: number; resource: string }
  | { id: number; op: 'can'; userId: number; permission: string }
  | { id: number; op: 'total'; resource: string; userId: number }
  | { id: number; op: 'login'; username: string; password: string; ip: string }
  | { id: number; op: 'stop' };

export interface PeerAnswer {
  id: number;
  result?: unknown;
  error?: string;
}

async function answer(registry: Registry, req: PeerRequest): Promise<unknown> {
  const knex = getKnex();
  switch (req.op) {
    case 'ready':
      // The caches listen from their first use on: use them once, then wait for the transport.
      await answer(registry, { ...req, op: 'total' });
      await getInvalidator().ready();
      return getInvalidator().mode;
    case 'can': {
      const user = await loadSessionUserCached(knex, req.userId);
      return !!user && hasPermission(user, req.permission);
    }
    case 'total': {
      const sr = registry.resources.get(req.resource);
      const user = await loadSessionUserCached(knex, req.userId);
      if (!sr || !user) throw new Error(`no resource ${req.resource} or user ${req.userId}`);
      const res = await listRows(sr, user, { page: 1, pageSize: 1, sort: null, filters: {}, withTotal: true }, knex);
      return res.total;
    }
    case 'login': {
      const t = createI18n('zh', { zh: registry.locales('zh') }).getFixedT('zh');
      const res = await attemptLogin(knex, t, { username: req.username, password: req.password, ip: req.ip, userAgent: null });
      return res.ok ? { ok: true } : { ok: false, reason: res.reason, message: res.message };
    }
    case 'stop':
      await closeThrottleStore();
      await closeInvalidator();
      await knex.destroy();
      setImmediate(() => process.exit(0));
      return null;
  }
}

const registry = installAppRegistry();
process.on('message', (req: PeerRequest) => {
  answer(registry, req).then(
    (result) => process.send?.({ id: req.id, result } satisfies PeerAnswer),
    (e: unknown) => process.send?.({ id: req.id, error: e instanceof Error ? e.stack : String(e) } satisfies PeerAnswer),
  );
});
process.send?.({ id: 0, result: 'started' } satisfies PeerAnswer);
