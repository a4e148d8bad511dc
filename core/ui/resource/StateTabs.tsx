// Tabs by state above a list: 全部 and one per state, each with its rows under the filters.
import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StateMachine } from '../../resource/define';

export function StateTabs({ sm, counts, value, onChange }: { sm: StateMachine; counts: { total: number; states: Record<string, number> }; value: string | null; onChange(state: string | null): void }) {
  const { t } = useTranslation();
  const current = value && sm.states.some((s) => s.value === value) ? value : '';
  const label = (text: string, n: number) => `${text} (${n})`;
  return (
    <Tabs value={current} onChange={(_e, v: string) => onChange(v || null)} variant="scrollable" scrollButtons="auto" sx={{ mb: 1, minHeight: 40 }} data-testid="state-tabs">
      <Tab value="" label={label(t('core:resource.all'), counts.total)} data-testid="state-tab-all" sx={{ minHeight: 40 }} />
      {sm.states.map((s) => (
        <Tab key={s.value} value={s.value} label={label(t(s.labelKey), counts.states[s.value] ?? 0)} data-testid={`state-tab-${s.value}`} data-count={counts.states[s.value] ?? 0} sx={{ minHeight: 40 }} />
      ))}
    </Tabs>
  );
}
