// The query form above a list (查询/重置): collapsed, the first row of fields shows beside the
// buttons and the rest stay in the form (and apply); expanded, the fields take the whole width.
// The toggle is remembered with the grid's settings. The server's page (collapsed) has only the
// fields a wide screen's first row can show: the others are out of sight until the page is
// hydrated, and a value they hold travels in a hidden input meanwhile.
import { useEffect, useRef, useState } from 'react';
import { Form, useSearchParams } from '@remix-run/react';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useTranslation } from 'react-i18next';
import { DateField } from '../DateField';
import type { LookupOption } from '../../plugin';
import { STATE_PARAM, type FieldDef } from '../../resource/define';
import { fieldWidth } from './labelWidth';
import { optionLabel } from './cells';

function FilterField({ f, value, lookups }: { f: FieldDef; value: (name: string) => string; lookups: Record<string, LookupOption[]> }) {
  const { t } = useTranslation();
  const label = t(f.labelKey);
  if (f.filter === 'range') {
    const type = f.type === 'date' || f.type === 'datetime' ? 'date' : 'number';
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {/* Dates: YYYY-MM-DD pickers in the interface language; the URL keeps ISO dates. */}
        {type === 'date' ? (
          <DateField
            name={`${f.name}From`}
            label={label}
            defaultValue={value(`${f.name}From`)}
            size="small"
            sx={{ width: fieldWidth(label, { min: 180, extra: 72 }) }}
            testId={`filter-${f.name}From`}
          />
        ) : (
          <TextField name={`${f.name}From`} type={type} label={label} defaultValue={value(`${f.name}From`)} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 160 }} />
        )}
        <span>–</span>
        {type === 'date' ? (
          <DateField name={`${f.name}To`} defaultValue={value(`${f.name}To`)} size="small" sx={{ width: 180 }} aria-label={`${label} ${t('core:resource.to')}`} testId={`filter-${f.name}To`} />
        ) : (
          <TextField name={`${f.name}To`} type={type} defaultValue={value(`${f.name}To`)} sx={{ width: 160 }} aria-label={`${label} ${t('core:resource.to')}`} />
        )}
      </Stack>
    );
  }
  const options =
    f.type === 'enum'
      ? (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }))
      : f.type === 'boolean'
      ? [
          { value: '1', label: t('core:common.yes') },
          { value: '0', label: t('core:common.no') },
        ]
      : f.lookup
      ? (lookups[f.lookup] ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o.label) }))
      : null;
  if (options) {
    return (
      <TextField name={f.name} select label={label} defaultValue={value(f.name)} size="small" sx={{ width: fieldWidth(label, { extra: 64 }) }} data-testid={`filter-${f.name}`}>
        <MenuItem value="">{t('core:resource.all')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField name={f.name} label={label} defaultValue={value(f.name)} size="small" sx={{ width: fieldWidth(label, { min: 180 }) }} slotProps={{ htmlInput: { 'data-testid': `filter-${f.name}` } }} />
  );
}

/** URL parameters a query keeps (a screen's tab, the state tab, the page size): not filters. */
const KEPT = ['pageSize', 'tab', STATE_PARAM];

/** Fields of a collapsed first paint: a 1920-pixel screen's first row holds about six. */
const FIRST_PAINT_FIELDS = 6;

/** The URL parameters of a filter field (a range has two). */
export const filterParamNames = (f: FieldDef) => (f.filter === 'range' ? [`${f.name}From`, `${f.name}To`] : [f.name]);

export interface FilterBarProps {
  fields: FieldDef[];
  lookups: Record<string, LookupOption[]>;
  open: boolean;
  onToggle(open: boolean): void;
  onReset(): void;
  hydrated: boolean;
}

export function FilterBar({ fields, lookups, open, onToggle, onReset, hydrated }: FilterBarProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name) ?? '';
  const filterBox = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(40);
  const [overflow, setOverflow] = useState(fields.length > 3);
  const [hiddenActive, setHiddenActive] = useState(0);
  const shown = open || hydrated ? fields : fields.slice(0, FIRST_PAINT_FIELDS);
  useEffect(() => {
    const box = filterBox.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const items = [...box.children] as HTMLElement[];
      if (!items.length) return;
      const top = items[0].offsetTop;
      const first = items.filter((el) => el.offsetTop <= top + 4);
      const rest = items.filter((el) => el.offsetTop > top + 4);
      setRowHeight(Math.max(...first.map((el) => el.offsetHeight)));
      setOverflow(rest.length > 0);
      // Filters set but out of sight while collapsed: counted on the toggle.
      setHiddenActive(rest.filter((el) => [...el.querySelectorAll('input')].some((i) => i.name && i.value)).length);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [params, open, shown.length]);

  return (
    <Form method="get" replace preventScrollReset key={params.toString()}>
      {/* Expanded, the buttons go below: a narrow screen or long Burmese labels would otherwise
          stack the fields one per row beside them. */}
      <Stack direction={open ? 'column' : 'row'} sx={{ mb: 1.5, gap: 1, alignItems: open ? 'stretch' : 'flex-start' }}>
        <Box
          ref={filterBox}
          data-testid="filter-fields"
          data-collapsed={open ? 'false' : 'true'}
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', pt: 1, ...(open ? {} : { maxHeight: rowHeight + 8, overflow: 'hidden' }) }}
        >
          {shown.map((f) => (
            <FilterField key={f.name} f={f} value={value} lookups={lookups} />
          ))}
        </Box>
        {fields.slice(shown.length).flatMap((f) => filterParamNames(f).map((name) => value(name) && <input key={name} type="hidden" name={name} value={value(name)} />))}
        {KEPT.map((name) => params.get(name) && <input key={name} type="hidden" name={name} value={params.get(name)!} />)}
        <Stack direction="row" sx={{ gap: 1, pt: open ? 0 : 1, flexShrink: 0, alignItems: 'center', alignSelf: open ? 'flex-end' : 'auto' }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="query-submit" sx={{ whiteSpace: 'nowrap' }}>
            {t('core:common.query')}
          </Button>
          <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={onReset} data-testid="query-reset" sx={{ whiteSpace: 'nowrap' }}>
            {t('core:common.reset')}
          </Button>
          {(overflow || open) && (
            <Button onClick={() => onToggle(!open)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} data-testid="filters-toggle" aria-expanded={open} sx={{ whiteSpace: 'nowrap' }}>
              {open ? t('core:resource.collapseFilters') : hiddenActive ? t('core:resource.expandFiltersActive', { count: hiddenActive }) : t('core:resource.expandFilters')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Form>
  );
}
