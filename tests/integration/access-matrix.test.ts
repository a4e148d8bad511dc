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
import type { ServerResource } from '../../core/resource/define.server';
import { applyScope, baseQuery } from '../../core/resource/service.server';
import { DEMO_USERS as CORE_DEMO_USERS } from '../../core/seed-demo.server';
import { hasMenu, hasPermission, matchesRoleOrPermission, type SessionUser } from '../../core/rbac/menu';
import { BASE, req } from '../support/http';
import { answerChecker, collectionOf, emptyCsvForm, openApiDoc, operations, sweepable, type Operation } from '../support/openapi';
import { makeUser, sessionUser } from '../support/resource';
import { createRouter } from '../support/router';
import { loginAs } from '../support/session';
import { setUpTestDb } from '../support/suite';

const DEMO_USERS = ['admin', 'operator', 'trader', 'broker', 'shipagent', 'freightagent', 'bank'];
/** Every demo login (the plugins' too) and the user without roles, for the lookup and write-scope sweeps. */
const everyone: Record<string, SessionUser> = {};
const MISSING_ID = 2147483000;

const db = setUpTestDb({ logins: DEMO_USERS });
const { cookies } = db;
const router = createRouter();
const users: Record<string, SessionUser> = {};
beforeAll(async () => {
  const bare = await makeUser(db.knex, { roleIds: [], userType: 4 });
  cookies[bare.username] = await loginAs(bare.username);
  for (const u of Object.keys(cookies)) users[u] = await sessionUser(db.knex, u);
  // The demo logins: core's and those the plugins declare (README's table), the administrator's included.
  const demo = [...new Set(['admin', ...CORE_DEMO_USERS.map((u) => u.username), ...db.registry.plugins.flatMap((p) => (p.demoLogins ?? []).map((u) => u.username))])];
  for (const username of demo) {
    cookies[username] ??= await loginAs(username);
    everyone[username] = users[username] ?? (await sessionUser(db.knex, username));
  }
  everyone[bare.username] = users[bare.username];
});

/** The values of the resource's key column the user may read: its data scope, as its list applies it. */
async function readable(sr: ServerResource, user: SessionUser, column: string): Promise<Set<string>> {
  const col = `${sr.def.table}.${column}`;
  const qb = baseQuery(sr, db.knex).clearSelect().distinct({ v: col });
  await applyScope(sr, qb, user, db.knex);
  return new Set(((await qb) as { v: unknown }[]).map((r) => String(r.v)));
}

/** Whether a resource narrows what some user reads (a restrict hook or data-scope columns). */
const scoped = (sr: ServerResource) => !!sr.hooks.restrict || !!sr.scope;

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

  it('serves each lookup exactly to the users who may read what it lists, and only the rows their scope reads', { timeout: 300_000 }, async () => {
    const registry = db.registry;
    // What each lookup serves, from the declarations: the list permission of the resource it lists,
    // its declared `for`, and the list/create/update permissions of every resource whose fields or
    // document lines name it (their screens' forms and filters offer it).
    const shown = [...registry.resources.values(), ...[...registry.screens.values()].flatMap((s) => [s.resource, ...s.tabs.values()])];
    const served = new Map<string, Set<string>>();
    for (const [name, l] of registry.lookups) served.set(name, new Set([...(l.sr ? [l.sr.def.permissions.list] : []), ...(l.for ?? [])]));
    for (const r of shown) {
      for (const name of [...r.def.fields.map((f) => f.lookup), ...(r.lookups ?? [])]) {
        const set = name ? served.get(name) : undefined;
        for (const c of [r.def.permissions.list, r.def.permissions.create, r.def.permissions.update]) if (set && c) set.add(c);
      }
    }
    expect(registry.lookups.size).toBeGreaterThan(50);
    expect(Object.keys(everyone).length).toBeGreaterThanOrEqual(11);
    const wrong: string[] = [];
    let refusedPairs = 0;
    const cases = [...registry.lookups.keys()].flatMap((name) => Object.keys(everyone).map((u) => ({ name, u })));
    await pool(cases, 4, async ({ name, u }) => {
      const l = registry.lookups.get(name)!;
      const user = everyone[u];
      const allowed = user.isAdmin || !!l.open || [...served.get(name)!].some((c) => hasPermission(user, c));
      const res = await router.handle(req(`/api/lookup/${name}`, { cookie: cookies[u] }));
      const body = (await res.json()) as { code: number; data?: { value: string; label: string }[] | null };
      if (!allowed) {
        refusedPairs++;
        if (res.status !== 403 || body.code !== 403 || body.data) wrong.push(`${u} ${name}: expected 403 and nothing, got ${res.status} ${JSON.stringify(body).slice(0, 160)}`);
        // Searching or labelling chosen values is refused the same way.
        const values = await router.handle(req(`/api/lookup/${name}?values=1,2,3&q=a`, { cookie: cookies[u] }));
        if (values.status !== 403) wrong.push(`${u} ${name}?values: expected 403, got ${values.status}`);
        return;
      }
      if (res.status !== 200 || body.code !== 200 || !Array.isArray(body.data)) {
        wrong.push(`${u} ${name}: expected its options, got ${res.status} ${JSON.stringify(body).slice(0, 160)}`);
        return;
      }
      // The options are rows the user reads in the resource behind the lookup.
      if (l.sr && l.scoped !== false && scoped(l.sr)) {
        const mine = await readable(l.sr, user, l.key);
        const outside = body.data.filter((o) => !mine.has(o.value));
        if (outside.length) wrong.push(`${u} ${name}: ${outside.length} options outside ${l.sr.def.plugin}.${l.sr.def.name}'s scope, e.g. ${outside[0].label}`);
      }
    });
    console.log(`lookup matrix: ${cases.length} (user, lookup) pairs, ${refusedPairs} refused`);
    expect(wrong).toEqual([]);
    expect(refusedPairs).toBeGreaterThan(100);
  });

  it('refuses every update, delete and transition of a row outside what the user reads: nothing changes, nothing is revealed', { timeout: 300_000 }, async () => {
    const registry = db.registry;
    const auditBefore = Number((await db.knex('sys_audit_log').count({ n: '*' }).first())?.n);
    const wrong: string[] = [];
    let probes = 0;
    const cases: { sr: ServerResource; u: string; kind: 'update' | 'delete' | 'transition'; permission: string; transition?: string }[] = [];
    for (const sr of registry.resources.values()) {
      const p = sr.def.permissions;
      const writes = [
        ...(p.update ? [{ kind: 'update' as const, permission: p.update }] : []),
        ...(p.delete ? [{ kind: 'delete' as const, permission: p.delete }] : []),
        ...(sr.def.stateMachine?.transitions ?? []).map((tr) => ({ kind: 'transition' as const, permission: tr.permission, transition: tr.name })),
      ];
      for (const u of Object.keys(everyone)) for (const w of writes) if (hasPermission(everyone[u], w.permission)) cases.push({ sr, u, ...w });
    }
    await pool(cases, 4, async ({ sr, u, kind, permission, transition }) => {
      const user = everyone[u];
      const reads = hasPermission(user, sr.def.permissions.list);
      // Outside what the user reads: any row of a resource they may not list, else a row its scope hides.
      if (reads && !scoped(sr)) return;
      const table = sr.def.table;
      const mine = reads ? await readable(sr, user, 'id') : new Set<string>();
      const others = (await db.knex(table).select('id').orderBy('id', 'desc').limit(2000)) as { id: number }[];
      const target = others.find((r) => !mine.has(String(r.id)));
      if (!target) return;
      const before = await db.knex(table).where({ id: target.id }).first();
      // A bulk action naming a row the user reads besides it is refused whole: that row stays too.
      const own = [...mine].map(Number).find((id) => Number.isInteger(id) && id !== target.id);
      const ownBefore = own ? await db.knex(table).where({ id: own }).first() : null;
      const bulkIds = own ? [own, target.id] : [target.id];
      const base = `/api/${sr.def.plugin}/${sr.def.name}`;
      const label = sr.def.labelField ? before[sr.def.labelField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] : null;
      const requests =
        kind === 'update'
          ? [req(`${base}/${target.id}`, { method: 'PUT', cookie: cookies[u], headers: { origin: BASE }, json: { version: before.version } })]
          : kind === 'delete'
            ? [req(`${base}/${target.id}`, { method: 'DELETE', cookie: cookies[u], headers: { origin: BASE } }), req(base, { method: 'DELETE', cookie: cookies[u], headers: { origin: BASE }, json: { ids: bulkIds } })]
            : [
                req(`${base}/transition/${transition}`, { cookie: cookies[u], headers: { origin: BASE }, json: { ids: [target.id], note: 'x' } }),
                ...(own ? [req(`${base}/transition/${transition}`, { cookie: cookies[u], headers: { origin: BASE }, json: { ids: bulkIds, note: 'x' } })] : []),
              ];
      for (const request of requests) {
        probes++;
        const res = await router.handle(request);
        const text = await res.text();
        const where = `${u} ${request.method} ${new URL(request.url).pathname} (${permission}, ${reads ? 'out of scope' : 'no read'}) id ${target.id}`;
        // Refused as a missing record (out of scope) or a missing read permission.
        if (res.status !== 404 && res.status !== 403) wrong.push(`${where}: expected 404/403, got ${res.status} ${text.slice(0, 160)}`);
        if (label && String(label).length > 2 && text.includes(String(label))) wrong.push(`${where}: the answer names the row (${String(label)})`);
        if (text.includes(`"id":${target.id}`) || (own && text.includes(`"id":${own}`))) wrong.push(`${where}: the answer carries a row`);
      }
      const after = await db.knex(table).where({ id: target.id }).first();
      if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${u} ${kind} ${sr.def.plugin}.${sr.def.name} id ${target.id}: the row changed`);
      if (own && JSON.stringify(await db.knex(table).where({ id: own }).first()) !== JSON.stringify(ownBefore)) wrong.push(`${u} ${kind} ${sr.def.plugin}.${sr.def.name}: a refused bulk action changed row ${own}, which the user reads`);
    });
    console.log(`write scope: ${probes} refused writes over ${cases.length} (user, resource, action) cases`);
    expect(wrong).toEqual([]);
    expect(probes).toBeGreaterThan(50);
    // The bank confirms receipt of the bills owed to it on its receivables, not any bill by the bills' API.
    expect(cases.some((c) => c.u === 'bank' && c.transition === 'confirmReceipt' && c.sr.def.name === 'bill')).toBe(true);
    expect(Number((await db.knex('sys_audit_log').count({ n: '*' }).first())?.n)).toBe(auditBefore);
  });
});
