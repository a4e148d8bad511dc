// Generated hostile input against every list, create, update, transition and import operation
// /api/openapi.json documents, through the app's real route table, on a fresh seeded MariaDB:
// wrong types, sizes, unicode, null bytes, __proto__, injection strings, huge numbers and bad
// dates, from a seeded generator (FUZZ_SEED to replay a run). No answer may be a 5xx or carry a
// stack trace or SQL, and a refused request must leave its table (checksum) and the audit log
// exactly as they were.
import { describe, expect, it } from 'vitest';
import type { ServerResource } from '../../core/resource/define.server';
import { BASE, req } from '../support/http';
import { answerChecker, collectionOf, emptyCsvForm, openApiDoc, operations, type Operation } from '../support/openapi';
import { loginAs, sessionCode } from '../support/session';
import { createRouter } from '../support/router';
import { setUpTestDb } from '../support/suite';

const SEED = Number(process.env.FUZZ_SEED || 20261124);

const db = setUpTestDb({ logins: ['admin'] });
const router = createRouter();

/** mulberry32: a small seeded generator, so a failure replays with the same FUZZ_SEED. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick };
}
const r = rng(SEED);

const STRINGS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  'null',
  'undefined',
  'true',
  "' OR '1'='1",
  "'; DROP TABLE sys_user; --",
  '" OR ""="',
  '1; SELECT SLEEP(5)',
  '%',
  '_',
  '\\',
  '\\x00',
  'a\u0000b',
  '\u0000',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '缅甸木姐口岸',
  'မြန်မာနိုင်ငံ',
  '😀👍🏽‍♂️',
  '\u202eRTL\u202c',
  '\ud800',
  'ﬀ\u0301\u0308',
  '2024-13-45',
  '0000-00-00',
  '9999-99-99T99:99:99',
  '2024-02-30',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x1F',
  '12345678901234567890123456789',
  '0.000000000000000000001',
  '99999999999999999999.99',
  '__proto__',
  'constructor',
  'toString',
];
const NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 1e308, -1e308, 2 ** 53, 2 ** 63, -(2 ** 63), 123456789012345680000, 1e-300, 4294967296];

function value(depth = 0): unknown {
  switch (r.int(depth > 1 ? 5 : 9)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return r.pick(STRINGS).repeat(r.pick([1, 50, 3000]));
    case 4:
      return 'x'.repeat(r.pick([256, 4097, 70000]));
    case 5:
      return [value(depth + 1), value(depth + 1)];
    case 6:
      return JSON.parse(r.pick(['{"__proto__":{"polluted":1}}', '{"toString":1}', '{"constructor":{"prototype":{"polluted":1}}}', '{"valueOf":"x"}']));
    case 7:
      return {};
    default:
      return { [r.pick(STRINGS)]: value(depth + 1) };
  }
}

/** A body for create/update: the resource's fields (sometimes left out), odd keys, odd values. */
function body(sr: ServerResource, extra: Record<string, unknown> = {}): string {
  const out: Record<string, unknown> = {};
  for (const f of sr.def.fields) if (r.next() < 0.7) out[f.name] = value();
  if (r.next() < 0.3) out[r.pick(STRINGS)] = value();
  Object.assign(out, extra);
  let json = JSON.stringify(out);
  // A literal __proto__ key (JSON.stringify of an object can't produce one).
  if (r.next() < 0.2) json = json.replace(/^\{/, '{"__proto__":{"isAdmin":true,"polluted":1},');
  return json;
}

const LEAK = /ER_[A-Z_]{3,}|SQLITE_|sqlMessage|sqlState|SQL syntax|KnexTimeout|node_modules|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|Incorrect (?:\w+ )?value|Data too long|Out of range value|ZodError|TypeError|ReferenceError|Cannot (?:read|convert)/;

async function checksum(table: string): Promise<string> {
  if (db.knex.client.config.client === 'mysql2') {
    const [rows] = (await db.knex.raw('CHECKSUM TABLE ??', [table])) as [{ Checksum: unknown }[]];
    return String(rows[0].Checksum);
  }
  const row = await db.knex(table).count({ n: '*' }).first();
  const all = await db.knex(table).select();
  return `${row?.n}:${JSON.stringify(all).length}`;
}
const auditCount = async () => Number((await db.knex('sys_audit_log').count({ n: '*' }).first())?.n);

const ids = new Map<string, number[]>();
async function rowIds(base: string): Promise<number[]> {
  if (!ids.has(base)) {
    const res = await router.handle(req(`${base}?pageSize=100`, { cookie: db.cookies.admin }));
    const b = (await res.json()) as { data?: { rows?: { id: number }[] }; rows?: { id: number }[] };
    ids.set(base, (b.data?.rows ?? b.rows ?? []).map((x) => Number(x.id)));
  }
  return ids.get(base)!;
}

function listQuery(sr: ServerResource): string {
  const q = new URLSearchParams();
  const params = ['page', 'pageSize', 'sort', 'after', 'total', ...sr.def.fields.filter((f) => f.filter).flatMap((f) => (f.filter === 'range' ? [`${f.name}From`, `${f.name}To`] : [f.name]))];
  for (let i = 0; i < 1 + r.int(4); i++) {
    const v = value(2);
    q.append(r.pick(params), typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  }
  if (r.next() < 0.2) q.append('sort', `${r.pick(sr.def.fields).name}:${r.pick(['asc', 'desc', 'up', "'"])}`);
  return q.toString();
}

const PER_KIND: Partial<Record<Operation['kind'], number>> = { list: 6, create: 10, update: 10, transition: 5, import: 3 };

interface Finding {
  op: string;
  status: number;
  problem: string;
  sent: string;
  answer: string;
}

describe('fuzzing every list, create, update, transition and import operation, and every documented write', () => {
  it('answers no 5xx, leaks no stack or SQL, and a refused request changes nothing', { timeout: 600_000 }, async () => {
    const doc = await openApiDoc(router);
    const ops = operations(doc, db.registry).filter((o) => o.sr && o.kind in PER_KIND);
    // Imports last: an accepted one starts a background job that writes later.
    ops.sort((a, b) => Number(a.kind === 'import') - Number(b.kind === 'import'));
    const findings: Finding[] = [];
    const check = answerChecker(doc);
    const mismatches = new Set<string>();
    let validated = 0;
    let sent = 0;
    const start = Date.now();
    for (const op of ops) {
      const sr = op.sr!;
      const base = collectionOf(op);
      for (let i = 0; i < PER_KIND[op.kind]!; i++) {
        let request: Request;
        let payload = '';
        const known = op.kind === 'update' || op.kind === 'transition' ? await rowIds(base) : [];
        if (op.kind === 'list') {
          payload = listQuery(sr);
          request = req(`${op.path}?${payload}`, { cookie: db.cookies.admin });
        } else if (op.kind === 'import') {
          const form = new FormData();
          const name = r.pick(['a.csv', 'a.xlsx', 'a.exe', 'a', '../../x.csv', 'a.csv\u0000.exe']);
          const content = r.pick(['', 'a,b\n1,2\n', '\u0000\u0001\u0002PK\u0003\u0004', 'PK\u0003\u0004junk', '\ufeffname\n' + "'; DROP TABLE x;--\n".repeat(5)]);
          form.set('file', new File([content], name));
          if (r.next() < 0.5) form.set('mode', r.pick(['all', 'valid', 'x', '']));
          payload = `${name} ${JSON.stringify(content)}`;
          request = new Request(BASE + op.path, { method: 'POST', body: form, headers: { cookie: db.cookies.admin, origin: BASE } });
        } else {
          const id = known.length && r.next() < 0.8 ? r.pick(known) : r.pick(['0', '-1', 'abc', '1.5', '1e3', '99999999999', '%00', '9007199254740993']);
          const path = op.path.replace('{id}', encodeURIComponent(String(id)));
          let extra: Record<string, unknown> = {};
          if (op.kind === 'update') extra = { version: r.pick([1, 2, '1', { toString: 1 }, null, -1, 1.5, 'x', [1], 2 ** 64]) };
          if (op.kind === 'transition') extra = { ids: r.pick([[id], [id, id], String(id), [], null, 'abc', [{ toString: 1 }], [-1], [1.5], Array(2000).fill(1), { 0: 1 }]), note: value(), amount: value() };
          payload = op.kind === 'transition' ? JSON.stringify(extra) : body(sr, extra);
          request = new Request(BASE + path, { method: op.method, body: payload, headers: { cookie: db.cookies.admin, origin: BASE, 'content-type': 'application/json' } });
        }
        const table = sr.def.table;
        const before = op.method === 'GET' ? null : [await checksum(table), await auditCount()];
        const res = await router.handle(request);
        sent++;
        const text = await res.text();
        let parsed: { code?: number } | undefined;
        try {
          parsed = JSON.parse(text) as { code?: number };
        } catch {
          parsed = undefined;
        }
        const code = parsed?.code;
        if (parsed !== undefined) {
          // Every JSON answer, accepted or refused, is the one the document describes.
          const problem = check(op, res.status, parsed);
          validated++;
          if (problem) mismatches.add(problem);
        }
        const where = `${op.method} ${op.path}`;
        const note = (problem: string) => findings.push({ op: where, status: res.status, problem, sent: payload.slice(0, 300), answer: text.slice(0, 300) });
        if (res.status >= 500) note('5xx');
        const refused = res.status >= 400 || (code !== undefined && code !== 200 && code !== 100 && code !== 1000);
        if (refused && LEAK.test(text)) note('stack or SQL in the answer');
        if (refused && before && op.kind !== 'import') {
          const after = [await checksum(table), await auditCount()];
          if (after[0] !== before[0]) note(`refused, but ${table} changed`);
          if (after[1] !== before[1]) note('refused, but the audit log grew');
        }
        if (!refused && op.kind !== 'list') ids.delete(base);
        if (findings.length > 30) break;
      }
    }
    // Nothing leaked into prototypes.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    console.log(`fuzz: ${sent} requests over ${ops.length} operations in ${Math.round((Date.now() - start) / 1000)} s (seed ${SEED}), ${validated} JSON answers checked against the document`);
    expect([...mismatches].sort()).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    expect(findings).toEqual([]);
  });

  it('every documented write, sent what the document describes, is served: no 5xx', { timeout: 600_000 }, async () => {
    const doc = await openApiDoc(router);
    const writes = operations(doc, db.registry).filter((o) => o.method !== 'GET');
    // Deletes last (they remove the rows the others act on), sign-out last of all.
    const rank = (o: Operation) => (/logout/i.test(o.path) ? 3 : o.kind === 'delete' || o.kind === 'deleteMany' ? 2 : o.kind === 'import' ? 1 : 0);
    writes.sort((a, b) => rank(a) - rank(b));
    expect(writes.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let cookie = db.cookies.admin;
    const headers = () => ({ cookie, origin: BASE });
    const call = (method: string, path: string, json?: unknown) => router.handle(req(path, { method, headers: headers(), json }));
    for (const op of writes) {
      const base = collectionOf(op);
      // A row of the resource (the last listed), or an id that names none.
      const id = op.sr && op.kind !== 'create' ? ((await rowIds(base))[0] ?? 2147483000) : 2147483000;
      ids.delete(base);
      const path = op.path.replace('{id}', String(id));
      let res: Response;
      if (op.kind === 'import') res = await router.handle(new Request(BASE + path, { method: 'POST', body: emptyCsvForm(), headers: headers() }));
      else if (op.kind === 'update') {
        const current = (await (await router.handle(req(path, { headers: headers() }))).json()) as { data?: Record<string, unknown> };
        res = await call(op.method, path, current.data ?? {});
      } else if (op.kind === 'transition' || op.kind === 'deleteMany') res = await call(op.method, path, { ids: [id] });
      else if (op.kind === 'delete') res = await call(op.method, path);
      else {
        const content = (op.requestBody?.content ?? {}) as Record<string, { schema?: unknown }>;
        if (content['multipart/form-data']) {
          const form = new FormData();
          form.set('file', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'fuzz.pdf', { type: 'application/pdf' }));
          res = await router.handle(new Request(BASE + path, { method: op.method, body: form, headers: headers() }));
        } else res = await call(op.method, path, content['application/json']?.schema ? sample(doc, content['application/json'].schema) : {});
      }
      const text = await res.text();
      if (res.status >= 500) failures.push(`${op.method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      // A write may end the session (sign-out, the administrator's own sessions): sign in again.
      if ((await sessionCode(cookie)) !== 200) db.cookies.admin = cookie = await loginAs('admin');
    }
    expect(failures).toEqual([]);
  });
});

let sampled = 0;
/** A value the JSON schema describes (its $refs resolved in the document): every property, the first choice, the lowest bound. */
function sample(doc: unknown, schema: unknown, depth = 0): unknown {
  let s = schema as Record<string, unknown>;
  if (!s || depth > 8) return null;
  if (typeof s.$ref === 'string') s = s.$ref.slice(2).split('/').reduce<Record<string, unknown>>((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<string, unknown>, doc as Record<string, unknown>);
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((x) => sample(doc, x, depth + 1)));
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (alternatives) return sample(doc, alternatives.find((x) => (x as { type?: unknown }).type !== 'null') ?? alternatives[0], depth + 1);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? null;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k, sample(doc, v, depth + 1)]));
    case 'array':
      return s.items && (s.minItems as number) > 0 ? [sample(doc, s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'date') return '2099-12-31';
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'email') return 'fuzz@example.com';
      const text = `fuzz${++sampled}`;
      const min = (s.minLength as number | undefined) ?? 0;
      const max = (s.maxLength as number | undefined) ?? 100;
      return text.padEnd(min, 'x').slice(0, Math.max(max, 1));
    }
    default:
      return null;
  }
}
