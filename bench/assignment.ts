// The smart order assignment's optimiser (plugins/port-ops/assignment) placing one source across
// 200 fleets under 10 rules, random facts (seeded), no database. Issue 13's goal: under 1 s.
// `npm run bench -- --case assignment` puts it in the bench's table; `npm run bench:assignment`
// (bench/assignment-cli.ts) runs it alone. The median and slowest of BENCH_RUNS runs (default 15)
// for a source in whole tonnes (5,000 lots, the hard case) and in whole trucks of 32 t.
import { optimise, type AssignmentRule, type FleetFacts } from '../plugins/port-ops/assignment/optimiser';

export interface AssignmentFigures {
  label: string;
  tonnes: number;
  lotTonnes: number;
  fleets: number;
  rules: number;
  runs: number;
  medianMs: number;
  maxMs: number;
  placedTonnes: number;
}

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const rnd = random(13);
const fleets: FleetFacts[] = Array.from({ length: 200 }, (_, i) => ({
  id: i + 1,
  name: `fleet ${i + 1}`,
  capacityTonnes: Math.round(rnd() * 60) * 32,
  capTonnes: rnd() < 0.2 ? Math.round(rnd() * 800) : null,
  qualified: rnd() > 0.05,
  vehicleTypes: rnd() < 0.8 ? ['flatbed'] : ['tanker'],
  dangerousGoodsLicence: rnd() < 0.3,
  blacklisted: rnd() < 0.03,
  pricePerTonne: 80 + Math.round(rnd() * 80),
  onTimeRate: 70 + Math.round(rnd() * 300) / 10,
  lossRate: Math.round(rnd() * 20) / 10,
}));

let id = 0;
const rule = (attribute: AssignmentRule['attribute'], kind: AssignmentRule['kind'], weight: number, parameters: Record<string, unknown> = {}): AssignmentRule => ({
  id: ++id,
  name: attribute,
  attribute,
  kind,
  weight,
  priority: 100 - id,
  parameters,
});
const rules: AssignmentRule[] = [
  rule('blacklist', 'filter', 1),
  rule('qualification', 'filter', 1),
  rule('vehicleType', 'filter', 1),
  rule('capacity', 'filter', 1, { minLots: 2 }),
  rule('onTime', 'filter', 1, { minRate: 75 }),
  rule('shareCap', 'filter', 1, { maxPercent: 30 }),
  rule('price', 'score', 6),
  rule('onTime', 'score', 3),
  rule('loss', 'score', 2),
  rule('shareCap', 'score', 4, { preferredPercent: 15 }),
];

function measure(label: string, tonnes: number, lotTonnes: number, runs: number): AssignmentFigures {
  const source = { tonnes, lotTonnes, vehicleTypes: ['flatbed'] };
  optimise(source, fleets, rules);
  const times: number[] = [];
  let placed = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = optimise(source, fleets, rules);
    times.push(performance.now() - t0);
    placed = r.placedTonnes;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const max = times[times.length - 1];
  return {
    label,
    tonnes,
    lotTonnes,
    fleets: fleets.length,
    rules: rules.length,
    runs,
    medianMs: +median.toFixed(2),
    maxMs: +max.toFixed(2),
    placedTonnes: placed,
  };
}

/** Both sources, each timed `runs` times. */
export function assignmentCase(runs = Number(process.env.BENCH_RUNS || 15)): AssignmentFigures[] {
  return [measure('whole tonnes', 5000, 1, runs), measure('whole trucks', 5000, 32, runs)];
}
