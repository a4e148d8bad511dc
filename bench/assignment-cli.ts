// `npm run bench:assignment`: the assignment case of bench/assignment.ts alone (no database, no
// server), one line per source, then JSON. Prints figures only.
import os from 'node:os';
import { assignmentCase } from './assignment';

const figures = assignmentCase();
for (const f of figures) {
  console.log(
    `${f.label}: ${f.tonnes} t in ${f.lotTonnes} t lots, ${f.fleets} fleets, ${f.rules} rules: median ${f.medianMs.toFixed(1)} ms, slowest ${f.maxMs.toFixed(1)} ms of ${f.runs} (placed ${f.placedTonnes} t) ${f.medianMs < 1000 ? 'PASS' : 'FAIL'} < 1 s`,
  );
}
console.log(JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, loadAvg: os.loadavg(), figures }));
