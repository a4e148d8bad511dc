// Every seeded user (and a user without roles) × every operation /api/openapi.json documents and
// every menu route, through the app's real route table, on a fresh seeded MariaDB. What is
// expected is derived, never listed per route: an operation's permission is its `x-permission`
// (the registry's resource metadata), a page's is its menu entry (key + optional permission),
// and a user holds what their roles are granted in the database. Allowed operations must get
// past the permission check (no 403, no login prompt, no 404 "no such API", no 405, no 5xx);
// refused ones answer HTTP 403. Allowed pages answer 200; refused ones 403 or a
// redirect. Requests are built so they change nothing (empty bodies, empty id lists, ids
// that do not exist), since the permission check comes first.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../core/plugin';
import { hasMenu, hasPermission, matchesRoleOrPermission, type SessionUser } from '../../core/rbac/menu';
import { BASE, req } from '../support/http';
import { answerChecker, collectionOf, emptyCsvForm, openApiDoc, operations, sweepable, type Operation } from '../support/openapi';
import { makeUser, sessionUser } from '../support/resource';
import { createRouter } from '../support/router';
import { loginAs } from '../support/session';
import { setUpTestDb } from '../support/suite';

const DEMO_USERS = ['admin', 'operator', 'trader', 'broker', 'shipagent', 'freightagent', 'bank'];
const MISSING_ID = 2147483000;

const db = setUpTestDb({ logins: DEMO_USERS });
const { cookies } = db;
const router = createRouter();
const users: Record<string, SessionUser> = {};
beforeAll(async () => {
  const bare = await makeUser(db.knex, { roleIds: [], userType: 4 });
  cookies[bare.username] = await loginAs(bare.username);
  for (const u of Object.keys(cookies)) users[u] = await sessionUser(db.knex, u);
});

/** Whether the user may call the operation, from the document and the user's grants. */
function mayCall(op: Operation, user: SessionUser): boolean {
  if (op.sr) return op.permission ? hasPermission(user, op.permission) && (!op.readPermission || hasPermission(user, op.readPermission)) : user.isAdmin;
  // The fund reminder API (as its summary documents): the roles of its top-bar badge, or the
  // permission to read the fund sub-ledger (the sub-account resource's list permission).
  if (op.path.startsWith('/api/payAdvance/')) {
    const badge = db.registry.badges.find((b) => b.key === 'fundReminder');
    const ledger = db.registry.resources.get('finance.subAccount')?.def.permissions.list;
    if (!badge || !ledger) throw new Error('no fundReminder badge or fund sub-ledger');
    return matchesRoleOrPermission(user, badge.roles, [...(badge.permissions ?? []), ledger]);
  }
  throw new Error(`no rule for ${op.method} ${op.path}`);
}

/** A request to the operation that cannot change anything, whoever sends it. */
function harmless(op: Operation, cookie: string, anyId: number): Request {
  const path = op.path.replace('{id}', String(op.kind === 'get' ? anyId : MISSING_ID));
  const headers = { origin: BASE };
  switch (op.kind) {
    case 'list':
    case 'get':
    case 'export':
    case 'importTemplate':
      return req(`${path}${op.kind === 'list' ? '?pageSize=10' : ''}`, { cookie, headers });
    case 'import':
      return new Request(BASE + path, { method: 'POST', body: emptyCsvForm(), headers: { ...headers, cookie } });
    case 'deleteMany':
    case 'transition':
      return req(path, { method: op.method, cookie, headers, json: { ids: [] } });
    case 'create':
      // Every resource requires some field; a create that passed validation would be a finding.
      return req(path, { method: op.method, cookie, headers, json: { __accessMatrixProbe: true } });
    case 'update':
    case 'delete':
      return req(path, { method: op.method, cookie, headers, json: {} });
    default:
      if (op.method === 'GET') return req(path, { cookie, headers });
      return req(path, { method: op.method, cookie, headers, json: { Data: { Parameters: { CFD: { currentPage: 1, pageSize: 10 } } } } });
  }
}

/** Runs tasks a few at a time (they only read). */
async function pool<T>(items: T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

describe('access matrix', () => {
  it('allows each OpenAPI operation exactly to the users whose permissions include it', { timeout: 600_000 }, async () => {
    const doc = await openApiDoc(router);
    const ops = operations(doc, db.registry).filter(sweepable);
    expect(ops.length).toBeGreaterThan(100);
    const check = answerChecker(doc);
    const mismatches = new Set<string>();
    let validated = 0;
    const anyIds = new Map<string, number>();
    for (const op of ops.filter((o) => o.kind === 'list')) {
      const res = await router.handle(req(`${op.path}?pageSize=1`, { cookie: cookies.admin }));
      const b = (await res.json()) as { data?: { rows?: { id: number }[] }; rows?: { id: number }[] };
      const problem = check(op, res.status, b);
      validated++;
      if (problem) mismatches.add(problem);
      const row = (b.data?.rows ?? b.rows ?? [])[0];
      anyIds.set(op.path, row ? Number(row.id) : MISSING_ID);
    }
    const rowCounts = async () => Number((await db.knex('sys_audit_log').count({ n: '*' }).first())?.n);
    const auditBefore = await rowCounts();
    const wrong: string[] = [];
    const cases = ops.flatMap((op) => Object.keys(users).map((u) => ({ op, u })));
    await pool(cases, 4, async ({ op, u }) => {
      const base = collectionOf(op);
      const res = await router.handle(harmless(op, cookies[u], anyIds.get(base) ?? MISSING_ID));
      // Files (export, template) are not read: the status says enough, and a whole table's
      // export per user would only cost time.
      const json = (res.headers.get('content-type') ?? '').includes('json');
      const text = json ? await res.text() : (await res.body?.cancel(), '');
      let body: { code?: number; msg?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // a file (export, template)
      }
      if (json) {
        // Every JSON answer, allowed or refused, is the one the document describes.
        const problem = check(op, res.status, body);
        validated++;
        if (problem) mismatches.add(problem);
      }
      const allowed = mayCall(op, users[u]);
      // Refused: HTTP 403 (the envelope's code 403, or a plugin gate's own message).
      const refused = res.status === 403;
      const ok =
        allowed
          ? res.status !== 403 && body.code !== 403 && body.code !== 20011 && res.status !== 401 && res.status !== 405 && res.status < 500 && !(res.status === 404 && body.msg === '接口不存在')
          : refused;
      if (!ok) wrong.push(`${u} ${op.method} ${op.path} (${op.permission ?? '-'}): expected ${allowed ? 'allowed' : 'refused'}, got ${res.status} ${text.slice(0, 120)}`);
    });
    console.log(`access matrix: ${validated} JSON answers checked against the document`);
    expect([...mismatches].sort()).toEqual([]);
    expect(wrong).toEqual([]);
    // The probes changed nothing.
    expect(await rowCounts()).toBe(auditBefore);
  });

  it('opens each menu page exactly for the users granted its menu entry', { timeout: 600_000 }, async () => {
    const leaves: MenuNode[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (n.children?.length ? walk(n.children) : leaves.push(n)));
    walk(db.registry.menus);
    expect(leaves.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    const cases = leaves.flatMap((m) => Object.keys(users).map((u) => ({ m, u })));
    await pool(cases, 4, async ({ m, u }) => {
      const user = users[u];
      const allowed = hasMenu(user, m.key) && (!m.permission || hasPermission(user, m.permission));
      const res = await router.handle(req(m.path, { cookie: cookies[u] }));
      const ok = allowed ? res.status === 200 : res.status === 403 || (res.status >= 300 && res.status < 400);
      if (!ok) wrong.push(`${u} GET ${m.path} (menu ${m.key}${m.permission ? `, ${m.permission}` : ''}): expected ${allowed ? '200' : '403/redirect'}, got ${res.status} ${(await res.text()).slice(0, 120)}`);
    });
    expect(wrong).toEqual([]);
  });
});
