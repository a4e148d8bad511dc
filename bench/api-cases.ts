// The API cases of issue 12, each served by the project's server and by the bare node:http +
// mysql2 server (bench/bare-server.ts) with the same queries, at the same connections.
import type autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { BENCH_CODE_TYPE, cannon, DATABASE_URL, sleep, type Fixtures, type LoadResult } from './lib';

export interface Target {
  name: 'bare' | 'project';
  base: string;
  pid: number;
  /** Session cookie (the project); the bare server ignores it. */
  cookie: string;
}

export interface ApiCase {
  key: string;
  title: string;
  /** Project / bare at or above which the goal holds (0: no ratio goal). */
  goal: number;
  /** A rate the project must reach by itself, in requests per second (issue 14's public news list). */
  minRps?: number;
  /** One request to check the answer before loading (a failing case stops the bench). */
  check(target: Target): Promise<void>;
  run(target: Target, connections: number, seconds: number): Promise<LoadResult>;
}

const LOG = '/api/system/operLog';

function headers(t: Target, json = false): Record<string, string> {
  return { cookie: t.cookie, origin: t.base, ...(json ? { 'content-type': 'application/json' } : {}) };
}

async function expectOk(t: Target, path: string, init: RequestInit = {}): Promise<{ data: Record<string, unknown> }> {
  const res = await fetch(t.base + path, { ...init, headers: { ...headers(t, !!init.body), ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${t.name} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  if (body.code !== 200) throw new Error(`${t.name} ${path}: ${text.slice(0, 300)}`);
  return body;
}

/** A GET case: one fixed URL, the rows it answers checked against what the query must give. */
function getCase(key: string, title: string, goal: number, path: (fx: Fixtures) => string, fx: Fixtures, expect: (data: Record<string, unknown>) => boolean): ApiCase {
  const url = path(fx);
  return {
    key,
    title,
    goal,
    async check(t) {
      const { data } = await expectOk(t, url);
      if (!expect(data)) throw new Error(`${t.name} ${url}: unexpected answer ${JSON.stringify(data).slice(0, 300)}`);
    },
    run: (t, connections, seconds) => cannon({ url: t.base + url, connections, duration: seconds, headers: headers(t) }, t.pid),
  };
}

const rowsOf = (d: Record<string, unknown>) => (Array.isArray(d.rows) ? d.rows : []);

interface Code {
  id: number;
  code: string;
  version: number;
}

/** The bench's codes with their current versions (the other server may have moved them on). */
async function benchCodes(): Promise<Code[]> {
  // The updates still in flight when the previous run stopped land first: their versions count.
  await sleep(2000);
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    const [rows] = await conn.query<mysql.RowDataPacket[]>('SELECT id, code, version FROM sys_ref_code WHERE rv_domain = ? ORDER BY id', [BENCH_CODE_TYPE]);
    return rows.map((r) => ({ id: Number(r.id), code: String(r.code), version: Number(r.version) }));
  } finally {
    await conn.end();
  }
}

let edits = 0;
/** The body the code form sends: the whole record with one field changed and the version read. */
function updateBody(c: Code): string {
  edits++;
  return JSON.stringify({
    rvDomain: BENCH_CODE_TYPE,
    code: c.code,
    name: `bench ${c.code} ${edits}`,
    nameEn: `bench ${c.code}`,
    isDefault: false,
    highValue: null,
    ediCode: null,
    orderNum: null,
    version: c.version,
  });
}

/**
 * Versioned, audited update of one field. Each connection edits a code no other connection holds
 * at that moment, with the version the last answer gave, so no update is refused as a conflict.
 */
const updateCase: ApiCase = {
  key: 'update',
  title: 'update one field, versioned + audited',
  goal: 0.4,
  async check(t) {
    const [c] = await benchCodes();
    const { data } = await expectOk(t, `/api/system/refCode/${c.id}`, { method: 'PUT', body: updateBody(c) });
    if (Number(data.version) !== c.version + 1) throw new Error(`${t.name}: update answered version ${data.version}, expected ${c.version + 1}`);
  },
  async run(t, connections, seconds) {
    const free = await benchCodes();
    // A request object of its own per connection: autocannon's clients share the `requests`
    // objects, so the first request built for each would be the last client's.
    const own = (): autocannon.Request => ({
      setupRequest: (req, context: { code?: Code }) => {
        const c = (context.code ??= free.shift());
        if (!c) throw new Error('update case: every bench code is in use or refused');
        return { ...req, method: 'PUT', path: `/api/system/refCode/${c.id}`, body: updateBody(c) } as autocannon.Request;
      },
      onResponse: (status, body, context: { code?: Code }) => {
        const c = context.code;
        if (!c || status !== 200) return; // a refused code is not handed out again
        c.version = Number(JSON.parse(body).data.version);
        free.push(c);
      },
    });
    return cannon({ url: t.base, connections, duration: seconds, headers: headers(t, true), requests: [own()], setupClient: (client) => client.setRequests([own()]) }, t.pid);
  },
};

/** The cases in the order they run; `after` of the deep page is the cursor of page 49,999. */
export function apiCases(fx: Fixtures & { deepCursor: number; deepPage: number }): ApiCase[] {
  // Oldest first: the newest entries are the update case's own (another resource), which a
  // newest-first scan for system.role would have to walk past, more of them each run.
  const filtered = 'resource=system.role&sort=createdAt:asc&page=1&pageSize=20';
  return [
    getCase(
      'list',
      'list page 1, filter + sort, no total',
      0.5,
      () => `${LOG}?${filtered}&total=0`,
      fx,
      (d) => rowsOf(d).length === 20 && d.total === null,
    ),
    getCase(
      'list-total',
      'list page 1 with total (count cached)',
      0.5,
      () => `${LOG}?${filtered}`,
      fx,
      (d) => rowsOf(d).length === 20 && Number(d.total) > 0,
    ),
    getCase(
      'deep',
      `deep page ${fx.deepPage.toLocaleString('en')} by keyset`,
      0,
      () => `${LOG}?page=${fx.deepPage}&pageSize=20&sort=id:desc&after=${fx.deepCursor}&total=0`,
      fx,
      (d) => rowsOf(d).length > 0 && Number((rowsOf(d)[0] as { id: number }).id) < fx.deepCursor,
    ),
    getCase(
      'get',
      'get by id',
      0.5,
      () => `${LOG}/${fx.logIds[fx.logIds.length - 1]}`,
      fx,
      (d) => Number(d.id) === fx.logIds[fx.logIds.length - 1],
    ),
    updateCase,
    {
      // Issue 14: the public portal's news list, unauthenticated, at ≥ 1,000 req/s.
      ...getCase('portal-news', 'public news list (portal), page 1', 0, () => '/api/portal/public/news?lang=zh&page=1&pageSize=10', fx, (d) => rowsOf(d).length > 0 && Number(d.total) > 0),
      minRps: 1000,
    },
  ];
}

/** The id after which the deep page starts (the last id of the page before), in id-descending order. */
export async function deepCursor(page: number, pageSize = 20): Promise<number> {
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    const [rows] = await conn.query<mysql.RowDataPacket[]>('SELECT id FROM sys_audit_log ORDER BY id DESC LIMIT 1 OFFSET ?', [(page - 1) * pageSize - 1]);
    if (!rows.length) throw new Error(`the operation log has fewer than ${(page - 1) * pageSize} rows`);
    return Number(rows[0].id);
  } finally {
    await conn.end();
  }
}
