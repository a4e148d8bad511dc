// `npx tsx bench/statements.ts [n]`: how many statements the built server sends MariaDB for one
// versioned, audited update (the bench's update case), counted by the server's own `Questions`
// status over n sequential updates. Prints figures only.
import mysql from 'mysql2/promise';
import { BENCH_CODE_TYPE, DATABASE_URL, questionsOf, signedInServer, stopServer } from './lib';

const n = Number(process.argv[2] ?? 200);
const { server, base, cookie } = await signedInServer();
const conn = await mysql.createConnection({ uri: DATABASE_URL });
const [[code]] = await conn.query<mysql.RowDataPacket[]>('SELECT id, code, version FROM sys_ref_code WHERE rv_domain = ? ORDER BY id LIMIT 1', [BENCH_CODE_TYPE]);
const questions = () => questionsOf(conn);
let version = Number(code.version);
const put = async (i: number) => {
  const res = await fetch(`${base}/api/system/refCode/${code.id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ rvDomain: BENCH_CODE_TYPE, code: code.code, name: `count ${i}`, nameEn: `count ${i}`, isDefault: false, highValue: null, ediCode: null, orderNum: null, version }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { version: number } };
  if (body.code !== 200) throw new Error(body.msg);
  version = Number(body.data.version);
};
await put(-1);
await new Promise((r) => setTimeout(r, 1500));
const q0 = await questions();
for (let i = 0; i < n; i++) await put(i);
const q1 = await questions();
// The SHOW itself counts once.
console.log(`statements per update: ${((q1 - q0 - 1) / n).toFixed(2)} (over ${n} updates, other clients of the server included)`);
await conn.end();
await stopServer(server);
