// The bench's output: one table (each case, bare and project figures per round, the ratio, the
// issue's goal and whether it holds) and the same figures as JSON.
import type { LoadResult } from './lib';
import type { AssignmentFigures } from './assignment';
import type { ExportFigures, MemoryFigures, PageFigures } from './process-cases';

export interface ApiRun extends LoadResult {
  server: 'bare' | 'project';
  round: number;
  loadAvgBefore: number[];
}

export interface ApiFigures {
  key: string;
  title: string;
  goal: number;
  /** A rate the project must reach by itself (req/s). */
  minRps?: number;
  runs: ApiRun[];
}

export interface Figures {
  api: ApiFigures[];
  pages: { list100?: PageFigures; dashboard?: PageFigures; listDefault?: PageFigures };
  memory?: MemoryFigures;
  exports: ExportFigures[];
  coldStartMs?: number;
  /** RSS of the cold-started server when it first answered. */
  rssAtStartMb?: number;
  /** Issue 13: one source across 200 fleets under 10 rules. */
  assignment?: AssignmentFigures[];
}

export interface Line {
  case: string;
  bare: string;
  project: string;
  ratio: string;
  goal: string;
  /** null: a figure the issue sets no goal for. */
  pass: boolean | null;
  load: string;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);

/** Project / bare over the rounds: the mean of the project's rates over the mean of the bare server's. */
export function ratioOf(a: ApiFigures): number {
  const rps = (s: ApiRun['server']) => mean(a.runs.filter((r) => r.server === s).map((r) => r.rps));
  return rps('bare') ? rps('project') / rps('bare') : NaN;
}

function apiLine(a: ApiFigures): Line {
  const of = (s: ApiRun['server']) => a.runs.filter((r) => r.server === s);
  const show = (rs: ApiRun[]) => rs.map((r) => fmt(r.rps) + (r.errors + r.non2xx ? ` (${r.errors + r.non2xx} err)` : '')).join(' | ');
  const ratio = ratioOf(a);
  const failed = a.runs.some((r) => r.errors + r.non2xx > 0);
  const projectRps = mean(of('project').map((r) => r.rps));
  const goals = [a.goal ? `≥ ${a.goal * 100} %` : '', a.minRps ? `project ≥ ${fmt(a.minRps)} req/s` : ''].filter(Boolean);
  const holds = (!a.goal || ratio >= a.goal) && (!a.minRps || projectRps >= a.minRps);
  return {
    case: a.title,
    bare: show(of('bare')),
    project: `${show(of('project'))} (cpu ${of('project')
      .map((r) => r.serverCpu)
      .join('/')})`,
    ratio: `${(ratio * 100).toFixed(1)} %`,
    goal: goals.join(', '),
    pass: goals.length ? holds && !failed : null,
    load: a.runs[0]?.loadAvgBefore[0]?.toFixed(2) ?? '',
  };
}

function valueLine(name: string, value: number | undefined, unit: string, goal: { max: number; text: string }, load?: number[]): Line | null {
  if (value === undefined || Number.isNaN(value)) return null;
  return { case: name, bare: '', project: `${fmt(value)} ${unit}`, ratio: '', goal: goal.text, pass: value < goal.max, load: load?.[0]?.toFixed(2) ?? '' };
}

export function lines(f: Figures): Line[] {
  const out: (Line | null)[] = f.api.map(apiLine);
  const { list100, dashboard, listDefault } = f.pages;
  out.push(valueLine(`SSR ${list100?.path ?? 'list page, 100 rows'} p50 (4 conn)`, list100?.p50ms, 'ms', { max: 50, text: '< 50 ms' }, list100?.loadAvgBefore));
  out.push(valueLine(`SSR ${dashboard?.path ?? '/dashboard'} p50 (4 conn)`, dashboard?.p50ms, 'ms', { max: 50, text: '< 50 ms' }, dashboard?.loadAvgBefore));
  out.push(valueLine(`HTML of the list page ${listDefault?.path ?? ''}`, listDefault && listDefault.htmlBytes / 1024, 'KB', { max: 60, text: '< 60 KB' }));
  if (list100) out.push({ ...valueLine('HTML of the list page, 100 rows', list100.htmlBytes / 1024, 'KB', { max: Infinity, text: '' })!, pass: null });
  const m = f.memory;
  if (m) {
    const idle = valueLine('idle RSS (signed in, each kind of request served once)', m.idleRssMb, 'MB', { max: 200.5, text: '≤ 200 MB' })!;
    out.push({ ...idle, project: `${idle.project}${f.rssAtStartMb ? ` (${f.rssAtStartMb} MB on start)` : ''}` });
    out.push({
      ...valueLine(`RSS after load (${m.load.rps} req/s) + idle, vs idle`, m.growthMb, 'MB', { max: 50.5, text: '≤ +50 MB' }, m.loadAvgBefore)!,
      project: `${m.idleRssMb} → ${m.afterLoadRssMb} → ${m.afterIdleRssMb} MB (+${m.growthMb})`,
    });
  }
  for (const e of f.exports) {
    const line = valueLine(`${e.format.toUpperCase()} export of ${fmt(e.rows)} rows, peak RSS`, e.vmHwmMb, 'MB', { max: 300, text: '< 300 MB' }, e.loadAvgBefore)!;
    const done = e.finished ? `${e.seconds} s` : `${e.error ?? `${fmt(e.csvLines ?? 0)} lines`}, after ${e.seconds} s`;
    out.push({ ...line, project: `${e.vmHwmMb} MB (${done}, ${fmt(e.bytes / 1048576)} MB)`, pass: line.pass && e.finished });
  }
  out.push(valueLine('cold start of npm start (build present)', f.coldStartMs, 'ms', { max: 10_000, text: '< 10 s' }));
  for (const a of f.assignment ?? []) {
    const line = valueLine(`assign ${fmt(a.tonnes)} t (${a.lotTonnes} t lots) across ${a.fleets} fleets, ${a.rules} rules, median`, a.medianMs, 'ms', { max: 1000, text: '< 1 s' })!;
    out.push({ ...line, project: `${a.medianMs} ms (slowest ${a.maxMs} ms of ${a.runs})` });
  }
  return out.filter((l): l is Line => l !== null);
}

/** The table as fixed-width text (readable in a terminal and pasteable in a note). */
export function table(ls: Line[]): string {
  const head: Line = { case: 'case', bare: 'bare req/s (r1 | r2)', project: 'project (r1 | r2)', ratio: 'project/bare', goal: 'goal', pass: null, load: 'load1' };
  const cols: (keyof Omit<Line, 'pass'>)[] = ['case', 'bare', 'project', 'ratio', 'goal', 'load'];
  const rows = [head, ...ls];
  const width = (k: (typeof cols)[number]) => Math.max(...rows.map((r) => r[k].length));
  const result = (l: Line) => (l === head ? 'result' : l.pass === null ? '' : l.pass ? 'PASS' : 'FAIL');
  const render = (l: Line) => [...cols.map((k) => l[k].padEnd(width(k))), result(l)].join('  ').trimEnd();
  const rule = cols.map((k) => '-'.repeat(width(k))).join('  ') + '  ------';
  return [render(head), rule, ...ls.map(render)].join('\n');
}
