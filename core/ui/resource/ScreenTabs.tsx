// A declared screen's tabs (ScreenDef.tabs): one list each, the first without `?tab=`. A tab is
// a screen of its own: its filters and page do not carry over, the interface language does.
import { useSearchParams, useSubmit } from '@remix-run/react';
import { Paper, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../resource/define';

export function ScreenTabs({ tabs, value }: { tabs: { key: string; resource: ResourceDef }[]; value: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const open = (key: string) => {
    const next = new URLSearchParams();
    if (key !== tabs[0].key) next.set('tab', key);
    if (params.get('lng')) next.set('lng', params.get('lng')!);
    submit(next, { method: 'get', replace: true });
  };
  return (
    <Paper sx={{ px: 2, mb: 1 }}>
      <Tabs value={value} onChange={(_e, v: string) => open(v)}>
        {tabs.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={t(tab.resource.titleKey)} data-testid={`tab-${tab.key}`} />
        ))}
      </Tabs>
    </Paper>
  );
}
