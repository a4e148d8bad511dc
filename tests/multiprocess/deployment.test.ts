// Two web processes behind nginx and two workers on one MariaDB + Redis behave as one
// (tests/multiprocess/global-setup.ts starts them; README "Running on several machines").
// The SIGTERM check stops the first web process, so it runs last.
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../core/auth/password.server';
import { knexConfig } from '../../core/db/knex.server';
import { receiptXml } from '../../plugins/customs/receipts/receipts.server';

const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';
const proxy = inject('proxyUrl');
const [webA, webB] = inject('webUrls');
let knex: Knex;

interface Answer {
  status: number;
  body: { code?: number; msg?: string; data?: Record<string, unknown> } & Record<string, unknown>;
  cookie: string;
  headers: Headers;
}

/** One HTTP request as a browser would send it: the page's Origin on writes, the session cookie. */
async function call(base: string, url: string, opts: { method?: string; cookie?: string; json?: unknown; form?: Record<string, string>; origin?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  if (opts.cookie) headers.cookie = opts.cookie;
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  if (method !== 'GET') headers.origin = opts.origin ?? base;
  const res = await fetch(base + url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = { text };
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body: parsed, cookie, headers: res.headers };
}

async function login(base: string, username: string, password = PASSWORD): Promise<Answer> {
  return call(base, '/api/login/auth', { json: { username, password, type: 'account' } });
}

let seq = 0;
const uniq = (p: string) => `${p}${Date.now().toString(36)}${++seq}`;

async function makeUser(roleIds: number[]): Promise<string> {
  const now = new Date();
  const username = uniq('mp');
  const [id] = await knex('sys_user').insert({ username, nickname: username, password_hash: await hashPassword(PASSWORD), user_type: 3, status: '0', created_at: now, updated_at: now, version: 1 });
  if (roleIds.length) await knex('sys_user_role').insert(roleIds.map((role_id) => ({ user_id: Number(id), role_id })));
  return username;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  knex = knexFactory(knexConfig(inject('databaseUrl')));
});
afterAll(async () => {
  await knex?.destroy();
});

describe('setting up', () => {
  it('`server.mjs --setup-only` (npm run setup) migrates, seeds and exits with REDIS_URL set', () => {
    expect(inject('setupExited'), 'it exited with 0 within 10 s of "database ready"').toBe(true);
  });
});

describe('two web processes behind nginx', () => {
  it('a session signed in through the proxy works on both processes, and signing out ends it on both', async () => {
    const signedIn = await login(proxy, 'admin');
    expect(signedIn.body).toMatchObject({ code: 200 });
    const cookie = signedIn.cookie;
    // nginx shares the requests out: both processes answer this session's requests.
    const marker = `mp=${Date.now()}`;
    for (let i = 0; i < 6; i++) expect((await call(proxy, `/api/login/getInfo?${marker}`, { cookie })).status).toBe(200);
    const upstreams = new Set(
      fs
        .readFileSync(inject('accessLog'), 'utf8')
        .split('\n')
        .filter((l) => l.includes(marker))
        .map((l) => /upstream=(\S+)/.exec(l)?.[1]),
    );
    expect([...upstreams].sort()).toEqual([webA, webB].map((u) => new URL(u).host).sort());
    for (const base of [webA, webB]) {
      const info = await call(base, '/api/login/getInfo', { cookie });
      expect(info.status, base).toBe(200);
      expect(info.body.data?.username, base).toBe('admin');
    }
    // A write through the proxy passes the CSRF check (Origin = the proxy's host, seen by the
    // app in X-Forwarded-Host) and one from another site does not.
    expect((await call(proxy, '/api/login/logout', { method: 'POST', cookie, origin: 'http://evil.example' })).status).toBe(403);
    const out = await call(proxy, '/api/login/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    for (const base of [webA, webB]) expect((await call(base, '/api/login/getInfo', { cookie })).status, base).toBe(401);
  });

  it('the app sees the client address nginx appended, not one the client sent', async () => {
    const username = await makeUser([]);
    await call(proxy, '/api/login/auth', { json: { username, password: PASSWORD, type: 'account' }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    const rows = await knex('sys_login_log').where({ username }).pluck('ip');
    expect(rows).toEqual(['127.0.0.1']);
  });

  it('nginx serves the build assets itself, cached for a year', async () => {
    const dir = path.join(inject('buildDir'), 'client/assets');
    const asset = fs.readdirSync(dir).find((n) => n.endsWith('.js'))!;
    const res = await fetch(`${proxy}/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // Express answers with a weak ETag (W/"…"); nginx's static module with a strong one.
    expect(res.headers.get('etag')).toMatch(/^"/);
  });

  it('a 12 MB file uploaded through the proxy downloads from either process (one shared DATA_DIR)', async () => {
    const { cookie } = await login(proxy, 'admin');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'licence.pdf');
    const res = await fetch(`${proxy}/api/core/files?resource=customs.enterprise`, { method: 'POST', headers: { cookie, origin: proxy }, body: form });
    const body = (await res.json()) as { code: number; data?: { id: number } };
    expect(body.code, JSON.stringify(body)).toBe(200);
    for (const base of [webA, webB]) {
      const got = await fetch(`${base}/api/core/files/${body.data!.id}`, { headers: { cookie } });
      expect(got.status, base).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(pdf), base).toBe(true);
    }
  });

  it('a permission removed through one process is refused on the other within 1 s', async () => {
    const now = new Date();
    const [roleId] = await knex('sys_role').insert({ code: uniq('MP'), name: uniq('多进程'), data_scope: 'all', status: '0', order_num: 50, created_at: now, updated_at: now, version: 1 });
    await knex('sys_role_menu').insert(['dataBase', 'dataBase.systemData', 'dataBase.refCode'].map((menu_key) => ({ role_id: Number(roleId), menu_key })));
    await knex('sys_role_permission').insert({ role_id: Number(roleId), permission_code: 'system:refCode:list' });
    const username = await makeUser([Number(roleId)]);
    const { cookie } = await login(proxy, username);
    // Both processes have seen (and may cache) the user's grants.
    for (const base of [webA, webB]) expect((await call(base, '/api/system/refCode', { cookie })).status, base).toBe(200);

    const adminA = (await login(webA, 'admin')).cookie;
    const role = await knex('sys_role').where({ id: roleId }).first();
    const changed = await call(webA, `/api/system/role/${roleId}`, {
      method: 'PUT',
      cookie: adminA,
      json: { code: role.code, name: role.name, dataScope: 'all', status: '0', orderNum: 50, remark: '', menuKeys: ['management.log'], permissionCodes: [], version: Number(role.version) },
    });
    expect(changed.body).toMatchObject({ code: 200 });
    const since = Date.now();
    expect((await call(webA, '/api/system/refCode', { cookie })).status).toBe(403);
    let refusedAfter = -1;
    while (Date.now() - since < 5000) {
      if ((await call(webB, '/api/system/refCode', { cookie })).status === 403) {
        refusedAfter = Date.now() - since;
        break;
      }
      await sleep(50);
    }
    expect(refusedAfter, `the other process refused after ${refusedAfter} ms (-1: still allowed after 5 s)`).toBeGreaterThanOrEqual(0);
    expect(refusedAfter, `the other process refused after ${refusedAfter} ms`).toBeLessThanOrEqual(1000);
  });

  it('20 wrong passwords at once, half on each process, lock the account after exactly 5', async () => {
    const username = await makeUser([]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? webB : webA, username, 'Wrong@12345')));
    const invalid = answers.filter((a) => a.body.msg === '账号或密码错误');
    const locked = answers.filter((a) => a.status === 429);
    expect({ invalid: invalid.length, locked: locked.length }).toEqual({ invalid: 5, locked: 15 });
    expect(locked[0].body.msg).toMatch(/^登录失败次数过多/);
    // The right password from the same address is refused too until the window ends.
    expect((await login(proxy, username)).status).toBe(429);
  });
});

describe('two workers', () => {
  it('the EDI inbox run twice at once, on both workers, reads each file once', async () => {
    const ediDir = inject('ediDir');
    const dirs = { inbox: path.join(ediDir, 'inbox'), processed: path.join(ediDir, 'processed'), failed: path.join(ediDir, 'failed') };
    for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
    const before = { processed: fs.readdirSync(dirs.processed).length, receipts: Number((await knex('cus_receipt').count({ n: '*' }))[0].n) };
    const decl = await knex('cus_declaration').first('seq_no');
    expect(decl, 'the demo seed has a declaration').toBeTruthy();
    const files = 300;
    const batch = uniq('MP');
    for (let i = 0; i < files; i++) {
      const name = `${batch}-${String(i).padStart(4, '0')}.xml`;
      const xml = receiptXml([{ messageNo: `${batch}-${i}`, docType: 'declaration', docNo: decl.seq_no, functionCode: '1', code: 'NOTE', message: 'multi-process', receiptTime: new Date() }]);
      fs.writeFileSync(path.join(dirs.inbox, `.${name}.tmp`), xml);
      fs.renameSync(path.join(dirs.inbox, `.${name}.tmp`), path.join(dirs.inbox, name));
    }
    const startedAt = new Date(Date.now() - 1000);
    const adminA = (await login(webA, 'admin')).cookie;
    const adminB = (await login(webB, 'admin')).cookie;
    // "Run once" pressed on the job screen of each process at the same moment.
    const pressed = await Promise.all(
      [
        [webA, adminA],
        [webB, adminB],
      ].map(([base, cookie]) => call(base, '/management/systemMaintenance/job', { cookie, form: { intent: 'run', name: 'customs.receiptImport' } })),
    );
    for (const p of pressed) expect(p.status).toBe(200);

    const pending = () => fs.readdirSync(dirs.inbox).filter((n) => n.endsWith('.xml')).length;
    const running = async () => Number((await knex('sys_job_log').where({ job_name: 'customs.receiptImport', status: 'running' }).count({ n: '*' }))[0].n);
    const until = Date.now() + 40_000;
    while (Date.now() < until && (pending() > 0 || (await running()) > 0)) await sleep(200);
    await sleep(1000);
    while (Date.now() < until && (await running()) > 0) await sleep(200);
    expect(pending()).toBe(0);

    // Runs that did work (a second one is skipped, or comes after the first) never overlapped.
    const ran = await knex('sys_job_log')
      .where({ job_name: 'customs.receiptImport', status: 'success' })
      .where('started_at', '>=', startedAt)
      .orderBy('started_at')
      .select('started_at', 'finished_at', 'trigger');
    expect(ran.filter((r) => r.trigger === 'manual').length, 'a worker ran it').toBeGreaterThanOrEqual(1);
    for (let i = 1; i < ran.length; i++) expect(new Date(ran[i].started_at).getTime(), 'runs overlapped').toBeGreaterThanOrEqual(new Date(ran[i - 1].finished_at).getTime());
    const processing = path.join(ediDir, 'processing');
    expect(fs.existsSync(processing) ? fs.readdirSync(processing) : []).toEqual([]);
    expect(fs.readdirSync(dirs.failed)).toEqual([]);
    expect(fs.readdirSync(dirs.processed).length - before.processed).toBe(files);
    expect(Number((await knex('cus_receipt').count({ n: '*' }))[0].n) - before.receipts).toBe(files);
  });
});

describe('a database outage', () => {
  const cutDatabase = async (to: 'down' | 'up') => expect((await fetch(`${inject('dbControl')}/${to}`, { method: 'POST' })).status).toBe(204);

  it('reaches the user as the app\'s translated 503 through nginx, and everything answers again within a second of its return', async () => {
    const { cookie } = await login(proxy, 'admin');
    const roles = (lng = '') => call(proxy, `/api/system/role?page=1&pageSize=1${lng && `&lng=${lng}`}`, { cookie });
    expect((await roles()).status).toBe(200);
    await cutDatabase('down');
    try {
      // More requests than max_fails (3) on each process: counted as failures of the
      // processes, they would take both out and nginx would answer its own 502.
      for (let i = 0; i < 8; i++) {
        const zh = await roles();
        expect(zh.status, JSON.stringify(zh.body)).toBe(503);
        expect(zh.body).toMatchObject({ code: 500, msg: '服务暂时不可用，请稍后重试' });
      }
      const en = await roles('en');
      expect(en.body.msg).toBe('Service temporarily unavailable, please try again later');
      // A page: the error page in the user's language, its button too.
      // The language cookie as Remix writes it (base64 of the JSON value).
      const page = await call(proxy, '/dashboard', { cookie: `${cookie}; lng=${encodeURIComponent(btoa('"my"'))}` });
      expect(page.status).toBe(503);
      expect(page.body.text).toContain('ဝန်ဆောင်မှုကို ယာယီ အသုံးမပြုနိုင်ပါ');
      expect(page.body.text).toContain('ပင်မစာမျက်နှာသို့ ပြန်သွားရန်');
      expect(page.body.text).not.toContain('Bad Gateway');
    } finally {
      await cutDatabase('up');
    }
    const back = Date.now();
    let answered = -1;
    while (Date.now() - back < 15_000) {
      const r = await roles();
      if (r.status === 200 && r.body.code === 200) {
        answered = Date.now() - back;
        break;
      }
      await sleep(50);
    }
    expect(answered, `answered again after ${answered} ms (-1: not within 15 s)`).toBeGreaterThanOrEqual(0);
    expect(answered, `answered again after ${answered} ms`).toBeLessThanOrEqual(1000);
    // Both processes, straight and through nginx.
    for (const base of [webA, webB]) expect((await call(base, '/api/system/role?page=1&pageSize=1', { cookie })).status, base).toBe(200);
  });
});

describe('rolling restart', () => {
  it('SIGTERM to one web process under load loses no request through the proxy', async () => {
    const { cookie } = await login(proxy, 'admin');
    const [pidA] = inject('webPids');
    const lost: string[] = [];
    let answered = 0;
    let done = 0;
    let signalled = false;
    const client = async () => {
      for (let i = 0; i < 20; i++) {
        // Half are POSTs, which nginx does not resend to the other process once sent: those
        // in flight on the stopping process must be answered by it.
        const method = i % 2 ? 'POST' : 'GET';
        const res = await call(proxy, '/api/login/getInfo', { cookie, method }).catch((e: Error) => ({ status: 0, body: { msg: e.message } }) as Answer);
        answered += 1;
        if (res.status !== 200 || res.body.code !== 200) lost.push(`${method} ${res.status} ${res.body.msg ?? ''}`.trim());
        if (++done === 50 && !signalled) {
          signalled = true;
          process.kill(pidA, 'SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, client));
    expect(signalled).toBe(true);
    expect(answered).toBe(200);
    expect(lost, 'requests not answered 200 through the proxy').toEqual([]);
    // The process has finished and exited; the other one serves alone.
    const until = Date.now() + 15_000;
    const alive = () => {
      try {
        process.kill(pidA, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive() && Date.now() < until) await sleep(100);
    expect(alive(), 'the SIGTERMed web process exited').toBe(false);
    expect((await call(proxy, '/api/login/getInfo', { cookie })).status).toBe(200);
  });
});
