// The floor the project's API is measured against: node:http + mysql2 and nothing else, serving
// the same queries and answering the same envelope as the project's operation-log and code APIs
// for the cases of bench/api-cases.ts. No framework, no session, no validation beyond what the
// query needs, no per-request logging: what a hand-written endpoint would cost.
//   PORT=3100 DATABASE_URL=mysql://root@127.0.0.1:3306/port_bench node --import tsx bench/bare-server.ts
import http from 'node:http';
import mysql from 'mysql2/promise';

const pool = mysql.createPool({ uri: process.env.DATABASE_URL!, connectionLimit: Number(process.env.DB_POOL_MAX || 10), dateStrings: false });

/** List totals like the project's: per filter, 30 s for a large table, 3 s for a small one. */
const counts = new Map<string, { n: number; until: number }>();

type Row = Record<string, unknown>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** An operation-log row in the API's shape (the fields the resource declares). */
function logRow(r: Row): Row {
  return {
    id: Number(r.id),
    createdAt: iso(r.created_at),
    username: r.username,
    resource: r.resource,
    action: r.action,
    recordId: r.record_id,
    summary: r.summary,
    ip: r.ip,
    changes: r.changes,
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), 'cache-control': 'no-store' });
  res.end(json);
}

const ok = (res: http.ServerResponse, data: unknown) => send(res, 200, { code: 200, msg: '操作成功', data });

async function total(where: string, args: unknown[]): Promise<number> {
  const key = `${where}|${JSON.stringify(args)}`;
  const hit = counts.get(key);
  if (hit && hit.until > Date.now()) return hit.n;
  const [rows] = await pool.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM sys_audit_log${where}`, args);
  const n = Number(rows[0].n);
  counts.set(key, { n, until: Date.now() + (n >= 100_000 ? 30_000 : 3_000) });
  return n;
}

/** GET /api/system/operLog?resource=&sort=createdAt:asc|desc&page=&pageSize=&after=&total=0 */
async function list(res: http.ServerResponse, q: URLSearchParams): Promise<void> {
  const pageSize = Math.min(100, Number(q.get('pageSize')) || 20);
  const page = Math.max(1, Number(q.get('page')) || 1);
  const conds: string[] = [];
  const args: unknown[] = [];
  if (q.get('resource')) {
    conds.push('resource = ?');
    args.push(q.get('resource'));
  }
  const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
  const n = q.get('total') === '0' ? null : await total(where, args);
  const [sf, sd] = (q.get('sort') ?? 'id:desc').split(':');
  const dir = sd === 'asc' ? 'ASC' : 'DESC';
  let rows: mysql.RowDataPacket[];
  const after = Number(q.get('after'));
  if (after > 0 && sf === 'id') {
    const keyset = `${where ? `${where} AND` : ' WHERE'} id ${dir === 'DESC' ? '<' : '>'} ?`;
    [rows] = await pool.query<mysql.RowDataPacket[]>(`SELECT * FROM sys_audit_log${keyset} ORDER BY id ${dir} LIMIT ?`, [...args, after, pageSize]);
  } else {
    const order = sf === 'createdAt' ? `created_at ${dir}, id ${dir}` : `id ${dir}`;
    [rows] = await pool.query<mysql.RowDataPacket[]>(`SELECT * FROM sys_audit_log${where} ORDER BY ${order} LIMIT ? OFFSET ?`, [...args, pageSize, (page - 1) * pageSize]);
  }
  const out = rows.map(logRow);
  const last = out[out.length - 1];
  ok(res, { rows: out, total: n, page, pageSize, nextCursor: sf === 'id' && out.length === pageSize && last ? last.id : null });
}

/** GET /api/system/operLog/:id */
async function get(res: http.ServerResponse, id: number): Promise<void> {
  const [rows] = await pool.query<mysql.RowDataPacket[]>('SELECT * FROM sys_audit_log WHERE id = ?', [id]);
  if (!rows.length) return send(res, 404, { code: 404, msg: 'not found', data: null });
  ok(res, logRow(rows[0]));
}

function readBody(req: http.IncomingMessage): Promise<Row> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Row);
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

/** PUT /api/system/refCode/:id { name, version }: the version-checked update and its audit entry, in one transaction. */
async function update(req: http.IncomingMessage, res: http.ServerResponse, id: number): Promise<void> {
  const body = await readBody(req);
  const version = Number(body.version);
  const name = String(body.name ?? '');
  if (!Number.isInteger(version) || !name) return send(res, 400, { code: 500, msg: 'bad input', data: null });
  const conn = await pool.getConnection();
  try {
    await conn.beginTransaction();
    const now = new Date();
    const [r] = await conn.execute<mysql.ResultSetHeader>('UPDATE sys_ref_code SET name = ?, version = ?, updated_at = ?, updated_by = ? WHERE id = ? AND version = ?', [
      name,
      version + 1,
      now,
      1,
      id,
      version,
    ]);
    if (r.affectedRows === 0) {
      await conn.rollback();
      return send(res, 409, { code: 500, msg: 'conflict', data: null });
    }
    await conn.execute('INSERT INTO sys_audit_log (resource, record_id, action, user_id, username, ip, summary, changes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      'system.refCode',
      String(id),
      'update',
      1,
      'admin',
      '127.0.0.1',
      String(body.code ?? ''),
      JSON.stringify({ name: [null, name] }),
      now,
    ]);
    await conn.commit();
    ok(res, { id, name, version: version + 1 });
  } catch (e) {
    await conn.rollback().catch(() => undefined);
    throw e;
  } finally {
    conn.release();
  }
}

/** GET /api/portal/public/news?lang&page&pageSize: a page of published news cards and their total, read each time. */
async function publicNews(res: http.ServerResponse, q: URLSearchParams): Promise<void> {
  const lang = ['en', 'my'].includes(q.get('lang') ?? '') ? q.get('lang') : 'zh';
  const page = Math.max(1, Number(q.get('page')) || 1);
  const pageSize = Math.min(50, Math.max(1, Number(q.get('pageSize')) || 10));
  const [rows] = await pool.query<mysql.RowDataPacket[]>(
    'SELECT id, title, type, source, summary, cover_file_id, views, published_at FROM ptl_news WHERE status = ? AND lang = ? ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?',
    ['published', lang, pageSize, (page - 1) * pageSize],
  );
  const [[count]] = await pool.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM ptl_news WHERE status = ? AND lang = ?', ['published', lang]);
  const cards = rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    typeLabel: r.type,
    source: r.source,
    summary: r.summary,
    coverUrl: r.cover_file_id ? `/api/portal/public/news/${r.id}/cover` : null,
    views: r.views,
    publishedAt: new Date(r.published_at).toISOString().replace('T', ' ').slice(0, 19),
  }));
  ok(res, { rows: cards, total: Number(count.n), page, pageSize });
}

const LOG = '/api/system/operLog';
const NEWS = '/api/portal/public/news';
const CODE = /^\/api\/system\/refCode\/(\d+)$/;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const p = url.pathname;
  let work: Promise<void> | null = null;
  if (req.method === 'GET' && p === LOG) work = list(res, url.searchParams);
  else if (req.method === 'GET' && p.startsWith(`${LOG}/`)) work = get(res, Number(p.slice(LOG.length + 1)));
  else if (req.method === 'GET' && p === NEWS) work = publicNews(res, url.searchParams);
  else if (req.method === 'PUT' && CODE.test(p)) work = update(req, res, Number(CODE.exec(p)![1]));
  if (!work) return send(res, 404, { code: 404, msg: 'not found', data: null });
  work.catch((e: Error) => send(res, 500, { code: 500, msg: e.message, data: null }));
});

server.listen(Number(process.env.PORT || 3100), process.env.HOST || '127.0.0.1', () => console.log(`bare server is running at http://127.0.0.1:${process.env.PORT || 3100}`));
const stop = () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
