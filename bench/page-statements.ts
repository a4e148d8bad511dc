// `npx tsx bench/page-statements.ts [/page/path] [n]`: how many statements the built server sends
// MariaDB for one request of a page (logged in as admin), counted by the server's own `Questions`
// status over n sequential requests after a warm-up, and which (from the general log). Prints figures only.
import mysql from 'mysql2/promise';
import { DATABASE_URL, questionsOf, signedInServer, stopServer } from './lib';

const [page = '/dashboard', n = '50'] = process.argv.slice(2);
const { server, base, cookie } = await signedInServer();
const conn = await mysql.createConnection({ uri: DATABASE_URL });
const questions = () => questionsOf(conn);
const get = async () => {
  const res = await fetch(base + page, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
  await res.text();
};
for (let i = 0; i < 20; i++) await get();
await new Promise((r) => setTimeout(r, 500));
const q0 = await questions();
for (let i = 0; i < Number(n); i++) await get();
const q1 = await questions();
console.log(`${page}: ${((q1 - q0 - 1) / Number(n)).toFixed(2)} statements per request (over ${n}, the server's cache-version polls included)`);
// One request's statements, from the general log (the table: no file to find).
await conn.query("SET GLOBAL log_output = 'TABLE'");
await conn.query('TRUNCATE mysql.general_log');
await conn.query("SET GLOBAL general_log = 'ON'");
await get();
await conn.query("SET GLOBAL general_log = 'OFF'");
const [rows] = await conn.query<mysql.RowDataPacket[]>("SELECT command_type, LEFT(CONVERT(argument USING utf8mb4), 160) AS arg FROM mysql.general_log WHERE command_type IN ('Query', 'Execute') AND argument NOT LIKE '%general_log%' ORDER BY event_time");
for (const r of rows) console.log(`  ${r.arg}`);
await conn.end();
await stopServer(server);
