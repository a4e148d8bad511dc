// A state machine drawn as a diagram: the states top to bottom in their declared order, each
// transition an arrow labelled with its name (forward moves on the right, moves back on the
// left), the current state filled and the moves open from it drawn strong. Plain SVG: it
// scales with the drawer and prints.
import { useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StateMachine } from '../../resource/define';

const ROW = 56;
const NODE_H = 30;
const WIDTH = 520;
const FONT = 12;

/** A label's width at FONT px (CJK and Burmese glyphs are about a square, Latin about 0.6 of one). */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u0000-\u024f]/.test(ch) ? FONT * 0.6 : FONT;
  return w;
}

interface Edge {
  key: string;
  from: number;
  to: number;
  label: string;
  names: string[];
}

export function StateDiagram({ sm, current, allowed }: { sm: StateMachine; current: string | null; allowed: string[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const index = new Map(sm.states.map((s, i) => [s.value, i]));
  const labels = sm.states.map((s) => t(s.labelKey));
  const nodeW = Math.min(200, Math.max(96, ...labels.map((l) => textWidth(l) + 28)));
  const left = WIDTH / 2 - nodeW / 2;
  const right = left + nodeW;
  const y = (i: number) => 16 + i * ROW;

  // One arrow per (from, to) pair; transitions sharing it share the label.
  const byPair = new Map<string, Edge>();
  for (const tr of sm.transitions) {
    const to = index.get(tr.to);
    for (const f of tr.from) {
      const from = index.get(f);
      if (from === undefined || to === undefined || from === to) continue;
      const key = `${from}-${to}`;
      const e = byPair.get(key) ?? { key, from, to, label: '', names: [] };
      e.names.push(tr.name);
      e.label = e.label ? `${e.label} / ${t(tr.labelKey)}` : t(tr.labelKey);
      byPair.set(key, e);
    }
  }
  const edges = [...byPair.values()].sort((a, b) => Math.abs(a.to - a.from) - Math.abs(b.to - b.from));
  const taken: { side: number; y: number }[] = [];
  const height = y(sm.states.length - 1) + NODE_H + 16;
  const muted = theme.palette.text.disabled;
  const strong = theme.palette.primary.main;
  const placed = edges.map((e) => {
    const down = e.to > e.from;
    const side = down ? 1 : -1;
    const x = down ? right : left;
    const y1 = y(e.from) + NODE_H / 2 + (down ? 4 : -4);
    const y2 = y(e.to) + NODE_H / 2 + (down ? -4 : 4);
    const bulge = 22 + 18 * (Math.abs(e.to - e.from) - 1);
    const cx = x + side * bulge * 1.6;
    let ly = (y1 + y2) / 2;
    while (taken.some((p) => p.side === side && Math.abs(p.y - ly) < FONT + 2)) ly += FONT + 2;
    taken.push({ side, y: ly });
    const open = !!current && e.from === index.get(current) && e.names.some((n) => allowed.includes(n));
    return { ...e, down, open, d: `M${x},${y1} C${cx},${y1} ${cx},${y2} ${x},${y2}`, lx: x + side * (bulge * 1.2 + 6), ly };
  });

  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={t('core:resource.stateDiagram')} data-testid="state-diagram" style={{ maxWidth: WIDTH, display: 'block' }}>
      <defs>
        {[
          ['arrow-muted', muted],
          ['arrow-strong', strong],
        ].map(([id, color]) => (
          <marker key={id} id={id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill={color} />
          </marker>
        ))}
      </defs>
      {/* Arrows first, their labels over every arrow (on a halo of the paper's colour). */}
      {placed.map((e) => (
        <path key={e.key} d={e.d} fill="none" stroke={e.open ? strong : muted} strokeWidth={e.open ? 2 : 1.2} markerEnd={`url(#arrow-${e.open ? 'strong' : 'muted'})`} />
      ))}
      {placed.map((e) => (
        <text
          key={e.key}
          data-testid={`diagram-edge-${e.names.join('-')}`}
          data-open={e.open ? 'true' : 'false'}
          x={e.lx}
          y={e.ly + FONT / 3}
          fontSize={FONT}
          fill={e.open ? strong : theme.palette.text.secondary}
          textAnchor={e.down ? 'start' : 'end'}
          fontWeight={e.open ? 600 : 400}
          stroke={theme.palette.background.paper}
          strokeWidth={4}
          paintOrder="stroke"
        >
          {e.label}
        </text>
      ))}
      {sm.states.map((s, i) => {
        const here = s.value === current;
        return (
          <g key={s.value} data-testid={`diagram-state-${s.value}`} data-current={here ? 'true' : 'false'}>
            <rect x={left} y={y(i)} width={nodeW} height={NODE_H} rx={NODE_H / 2} fill={here ? strong : theme.palette.background.paper} stroke={here ? strong : muted} strokeWidth={here ? 2 : 1} />
            <text x={WIDTH / 2} y={y(i) + NODE_H / 2 + FONT / 3} fontSize={FONT} textAnchor="middle" fill={here ? theme.palette.primary.contrastText : theme.palette.text.primary} fontWeight={here ? 700 : 400}>
              {labels[i]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
