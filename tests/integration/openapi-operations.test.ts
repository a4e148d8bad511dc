// Every operation /api/openapi.json documents is served: each is called at least once, through
// the app's real route table (tests/support/router.ts, so a route shadowed by another shows),
// on a fresh seeded MariaDB, as a seeded user whose permissions allow it, and none answers
// 404, 405 or 5xx. Member operations use a row the caller can see.
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, type SessionUser } from '../../core/rbac/menu';
import { BASE, req } from '../support/http';
import { collectionOf, emptyCsvForm, openApiDoc, operations, sweepable } from '../support/openapi';
import { createRouter } from '../support/router';
import { sessionUser } from '../support/resource';
import { setUpTestDb } from '../support/suite';

const USERS = ['operator', 'broker', 'trader', 'shipagent', 'freightagent', 'bank', 'admin'];

const db = setUpTestDb({ logins: USERS });
const { cookies } = db;
const router = createRouter();
const users: Record<string, SessionUser> = {};
beforeAll(async () => {
  for (const u of USERS) users[u] = await sessionUser(db.knex, u);
});

const call = (username: string, method: string, path: string, body?: { json?: unknown; form?: FormData }) => {
  const headers: Record<string, string> = { origin: BASE };
  if (body?.form) return router.handle(new Request(BASE + path, { method, body: body.form, headers: { ...headers, cookie: cookies[username] } }));
  return router.handle(req(path, { method, cookie: cookies[username], json: body?.json, headers }));
};

/** A row id of the resource the user can see (listed through the same API prefix); cached for reads. */
const idCache = new Map<string, number | null>();
async function visibleId(username: string, base: string, fresh = false): Promise<number | null> {
  const key = `${username} ${base}`;
  if (fresh || !idCache.has(key)) {
    const res = await call(username, 'GET', `${base}?pageSize=10`);
    const body = (await res.json()) as { data?: { rows?: { id: number }[] }; rows?: { id: number }[] };
    const rows = body.data?.rows ?? body.rows ?? [];
    idCache.set(key, rows.length ? Number(rows[0].id) : null);
  }
  return idCache.get(key)!;
}

const ORDER: Record<string, number> = { GET: 0, PUT: 1, PATCH: 1, POST: 2, DELETE: 3 };

describe('every OpenAPI operation', () => {
  it('answers neither 404, 405 nor 5xx for a user who may call it', { timeout: 300_000 }, async () => {
    const doc = await openApiDoc(router);
    const ops = operations(doc, db.registry).filter(sweepable).sort((a, b) => ORDER[a.method] - ORDER[b.method] || a.path.localeCompare(b.path));
    expect(ops.length).toBeGreaterThan(100);
    // The customs resources are documented a second time under /api/decl, member operations included.
    expect(ops.some((o) => o.path === '/api/decl/declaration/{id}' && o.method === 'GET')).toBe(true);

    const failures: string[] = [];
    const missingRows = new Set<string>();
    for (const op of ops) {
      const allowed = USERS.filter((u) => (op.permission ? hasPermission(users[u], op.permission) && (!op.readPermission || hasPermission(users[u], op.readPermission)) : u === 'admin'));
      expect(allowed.length, `${op.method} ${op.path}: nobody may call it`).toBeGreaterThan(0);
      const base = collectionOf(op);
      let username = allowed[0];
      let id: number | null = null;
      if (['get', 'update', 'delete', 'transition', 'deleteMany'].includes(op.kind)) {
        for (const u of allowed) {
          // Writes may have removed or hidden the row an earlier operation used.
          id = await visibleId(u, base, op.method !== 'GET');
          if (id) {
            username = u;
            break;
          }
        }
        if (!id) {
          missingRows.add(base);
          continue;
        }
      }
      const path = op.path.replace('{id}', String(id));
      let res: Response;
      if (op.kind === 'update') {
        const current = (await (await call(username, 'GET', path)).json()) as { data?: Record<string, unknown> };
        res = await call(username, op.method, path, { json: current.data ?? {} });
      } else if (op.kind === 'transition' || op.kind === 'deleteMany') res = await call(username, op.method, path, { json: { ids: [id] } });
      else if (op.kind === 'create') res = await call(username, op.method, path, { json: {} });
      else if (op.kind === 'import') res = await call(username, op.method, path, { form: emptyCsvForm() });
      else if (op.path === '/api/payAdvance/selectZjtxList') res = await call(username, op.method, path, { json: { Data: { Parameters: { CFD: { currentPage: 1, pageSize: 10 } } } } });
      else res = await call(username, op.method, path, op.method === 'GET' ? undefined : { json: {} });
      if (res.status === 404 || res.status === 405 || res.status >= 500) {
        failures.push(`${op.method} ${path} as ${username}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      } else if (!(res.headers.get('content-type') ?? '').includes('json')) await res.body?.cancel();
    }
    expect(failures).toEqual([]);
    // Member operations were called for every resource but those with no row at all after seeding.
    expect([...missingRows].filter((b) => b.startsWith('/api/customs/declaration'))).toEqual([]);
  });
});
