// `npx tsx bench/page-cpu.ts [/page/path] [n]`: the built server's CPU time per request of a page
// (logged in as admin), in the least costly of 10 batches of n/10 sequential requests after a warm-up, and the HTML size. CPU time,
// unlike throughput, barely moves with other load on the machine: for comparing two builds.
// Prints figures only.
import { cpuSeconds, signedInServer, stopServer } from './lib';

const [page = '/customsBase/hsCode?pageSize=100', n = '300'] = process.argv.slice(2);
const { server, base, cookie } = await signedInServer();
const get = async () => {
  const res = await fetch(base + page, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
  return (await res.text()).length;
};
for (let i = 0; i < 100; i++) await get();
// The least CPU of 10 batches: other load on the machine only ever adds to it.
let best = Infinity;
let bytes = 0;
const batch = Math.max(1, Math.round(Number(n) / 10));
for (let b = 0; b < 10; b++) {
  const c0 = cpuSeconds(server.pid!);
  for (let i = 0; i < batch; i++) bytes = await get();
  best = Math.min(best, ((cpuSeconds(server.pid!) - c0) * 1000) / batch);
}
console.log(`${page}: ${best.toFixed(2)} ms CPU per request (least of 10 batches of ${batch}), ${(bytes / 1024).toFixed(1)} KB`);
await stopServer(server);
