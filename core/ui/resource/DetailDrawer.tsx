// The detail drawer (master–detail): a record's fields read-only, its state machine as a
// diagram with the current state marked and the moves the user may make from it, and its audit
// trail (who did what, when, with what opinion), read from the resource's /<id>/trail; a
// screen may add its own content (a log's full text).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Chip, Divider, Drawer, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates';
import type { LookupOption } from '../../plugin';
import { endpoint, withVariant, type ResourceDef, type TrailEntry, type Transition } from '../../resource/define';
import { ignoreApiError, useNotify } from '../notify';
import { ImageThumb, displayValue, type Row } from './cells';
import { StateDiagram } from './StateDiagram';

type Section = 'fields' | 'state' | 'trail';
const TAB_LABEL: Record<Section, string> = { fields: 'core:resource.detail', state: 'core:resource.stateDiagram', trail: 'core:resource.trail' };

export interface DetailDrawerProps {
  def: ResourceDef;
  row: Row;
  variant: string | null;
  lookups: Record<string, LookupOption[]>;
  /** Transitions the user may take (by name). */
  allowed: Transition[];
  onTransition(name: string, row: Row, done: () => void): void;
  onClose(): void;
  /** The screen's own cell renderers (a file link, chips): a field they render shows so here too. */
  renderCell?: Record<string, (row: Row) => ReactNode>;
  children?: ReactNode;
}

function TrailList({ def, entries }: { def: ResourceDef; entries: TrailEntry[] }) {
  const { t } = useTranslation();
  const sm = def.stateMachine;
  const stateLabel = (v: string | null) => (v === null ? '' : t(sm?.states.find((s) => s.value === v)?.labelKey ?? v));
  const fieldLabel = (name: string) => t(def.fields.find((f) => f.name === name)?.labelKey ?? name);
  if (!entries.length) return <Typography variant="body2" color="text.secondary">{t('core:resource.trailEmpty')}</Typography>;
  return (
    <Stack component="ol" sx={{ m: 0, p: 0, listStyle: 'none', gap: 1.5 }} data-testid="detail-trail">
      {[...entries].reverse().map((e) => {
        const tr = e.transition ? sm?.transitions.find((x) => x.name === e.transition) : undefined;
        const what = tr ? t(tr.labelKey) : t(`core:resource.trail_${e.action}`, { defaultValue: e.action });
        // An update, or a plugin's own action on the record (assign): the fields it changed.
        const changed = !tr && e.action !== 'create' && e.action !== 'delete' ? Object.keys(e.changes).filter((k) => !k.startsWith('@')).map(fieldLabel) : [];
        return (
          <Box component="li" key={e.id} sx={{ borderLeft: 2, borderColor: tr ? 'primary.main' : 'divider', pl: 1.5 }} data-testid={`trail-${e.id}`} data-action={e.action}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {what}
              </Typography>
              {e.from !== null && e.to !== null && <Chip size="small" variant="outlined" label={`${stateLabel(e.from)} → ${stateLabel(e.to)}`} />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {e.username ?? '—'} · {formatDateTime(e.at)}
            </Typography>
            {e.note && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="trail-note">
                {t('core:resource.trailNote', { note: e.note })}
              </Typography>
            )}
            {changed.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('core:resource.trailChanged', { fields: changed.join(t('core:resource.listSeparator')) })}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export function DetailDrawer({ def, row: listed, variant, lookups, allowed, onTransition, onClose, renderCell, children }: DetailDrawerProps) {
  const { t } = useTranslation();
  const { api } = useNotify();
  const [fresh, setFresh] = useState<{ row: Row; entries: TrailEntry[] } | null>(null);
  // A read-only resource (a log) is written by no one through the engine: it has no trail.
  const audited = !def.readOnly;
  const load = useCallback(() => {
    if (!audited) return;
    api
      .get<{ row: Row; entries: TrailEntry[] }>(withVariant(`${endpoint(def)}/${listed.id}/trail`, variant))
      .then((res) => setFresh(res.data ?? null))
      .catch(ignoreApiError);
  }, [api, def, listed.id, variant, audited]);
  useEffect(load, [load]);
  const row = fresh?.row ?? listed;
  const sm = def.stateMachine;
  const sections: Section[] = ['fields', ...(sm ? (['state'] as const) : []), ...(audited ? (['trail'] as const) : [])];
  const [section, setSection] = useState<Section>('fields');
  const current = sm ? String(row[sm.field] ?? '') : null;
  const open = allowed.filter((tr) => current !== null && tr.from.includes(current));
  const fields = def.fields.filter((f) => f.type !== 'password' && !f.records && (f.list !== false || f.form !== false));
  const title = def.labelField && row[def.labelField] ? `${t(def.titleKey)} · ${String(row[def.labelField])}` : t(def.titleKey);

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100vw', sm: 560 } } } }} data-testid="detail-drawer">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography variant="h6" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('core:resource.close')} data-testid="detail-close">
          <CloseIcon />
        </IconButton>
      </Stack>
      {sections.length > 1 && (
        <Tabs value={section} onChange={(_e, v: Section) => setSection(v)} sx={{ px: 2, minHeight: 40 }} variant="scrollable">
          {sections.map((k) => (
            <Tab key={k} value={k} label={t(TAB_LABEL[k])} data-testid={`detail-tab-${k}`} sx={{ minHeight: 40 }} />
          ))}
        </Tabs>
      )}
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {section === 'fields' && (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }} data-testid="detail-fields">
              {fields.map((f) => (
                <Box key={f.name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(f.labelKey)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: f.type === 'text' ? 'pre-wrap' : undefined }} data-testid={`detail-${f.name}`}>
                    {renderCell?.[f.name] ? (
                      renderCell[f.name](row)
                    ) : f.type === 'html' && row[f.name] ? (
                      // Stored sanitised (core/resource/html.server.ts): shown as the portal shows it.
                      <Box component="span" className="rich-text" sx={{ display: 'block', '& p': { my: 0.5 }, '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: String(row[f.name]) }} />
                    ) : f.type === 'image' ? (
                      row[f.name] ? <ImageThumb id={row[f.name]} alt={t(f.labelKey)} height={120} /> : '—'
                    ) : (
                      displayValue(f, row[f.name], t, lookups) || '—'
                    )}
                  </Typography>
                </Box>
              ))}
            </Box>
            {children}
          </>
        )}
        {section === 'state' && sm && (
          <>
            <StateDiagram sm={sm} current={current} allowed={allowed.map((tr) => tr.name)} />
            {open.length > 0 && (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2, justifyContent: 'center' }}>
                {open.map((tr) => (
                  <Button key={tr.name} size="small" variant="outlined" onClick={() => onTransition(tr.name, row, load)} data-testid={`detail-transition-${tr.name}`}>
                    {t(tr.labelKey)}
                  </Button>
                ))}
              </Stack>
            )}
          </>
        )}
        {section === 'trail' && (fresh ? <TrailList def={def} entries={fresh.entries} /> : <Typography variant="body2" color="text.secondary">…</Typography>)}
      </Box>
    </Drawer>
  );
}
