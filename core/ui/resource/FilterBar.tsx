// The query form above a list (查询/重置): collapsed, the first row of fields shows beside the
// buttons and the rest stay in the form (and apply); expanded, the fields take the whole width.
// The toggle is remembered with the grid's settings. The server's page (collapsed) has only the
// fields a wide screen's first row can show: the others are out of sight until the page is
// hydrated, and a value they hold travels in a hidden input meanwhile. Text, number and choice
// fields are plain elements (core/ui/plain.tsx), dates MUI X pickers.
import { useEffect, useRef, useState } from 'react';
import { Form, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../DateField';
import { NamedIcon } from '../icons';
import { PlainButton, PlainSelect, PlainTextField } from '../plain';
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
      <div className="pl-range">
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
          <PlainTextField name={`${f.name}From`} type="number" label={label} defaultValue={value(`${f.name}From`)} width={160} inputTestId={`filter-${f.name}From`} />
        )}
        <span>–</span>
        {type === 'date' ? (
          <DateField name={`${f.name}To`} defaultValue={value(`${f.name}To`)} size="small" sx={{ width: 180 }} aria-label={`${label} ${t('core:resource.to')}`} testId={`filter-${f.name}To`} />
        ) : (
          <PlainTextField name={`${f.name}To`} type="number" defaultValue={value(`${f.name}To`)} width={160} aria-label={`${label} ${t('core:resource.to')}`} inputTestId={`filter-${f.name}To`} />
        )}
      </div>
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
      <PlainSelect
        name={f.name}
        label={label}
        defaultValue={value(f.name)}
        width={fieldWidth(label, { extra: 64 })}
        options={[{ value: '', label: t('core:resource.all') }, ...options]}
        selectTestId={`filter-${f.name}`}
      />
    );
  }
  return <PlainTextField name={f.name} label={label} defaultValue={value(f.name)} width={fieldWidth(label, { min: 180 })} inputTestId={`filter-${f.name}`} />;
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
      setHiddenActive(rest.filter((el) => [...el.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].some((i) => i.name && i.value)).length);
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
      <div className={`pl-query${open ? ' pl-query-open' : ''}`}>
        <div ref={filterBox} data-testid="filter-fields" data-collapsed={open ? 'false' : 'true'} className="pl-query-fields" style={open ? undefined : { maxHeight: rowHeight + 8 }}>
          {shown.map((f) => (
            <FilterField key={f.name} f={f} value={value} lookups={lookups} />
          ))}
        </div>
        {fields.slice(shown.length).flatMap((f) => filterParamNames(f).map((name) => value(name) && <input key={name} type="hidden" name={name} value={value(name)} />))}
        {KEPT.map((name) => params.get(name) && <input key={name} type="hidden" name={name} value={params.get(name)!} />)}
        <div className="pl-query-buttons">
          <PlainButton type="submit" variant="contained" startIcon={<NamedIcon name="Search" fontSize="medium" />} data-testid="query-submit">
            {t('core:common.query')}
          </PlainButton>
          <PlainButton variant="outlined" startIcon={<NamedIcon name="RestartAlt" fontSize="medium" />} onClick={onReset} data-testid="query-reset">
            {t('core:common.reset')}
          </PlainButton>
          {(overflow || open) && (
            <PlainButton onClick={() => onToggle(!open)} endIcon={<NamedIcon name={open ? 'ExpandLess' : 'ExpandMore'} fontSize="medium" />} data-testid="filters-toggle" aria-expanded={open}>
              {open ? t('core:resource.collapseFilters') : hiddenActive ? t('core:resource.expandFiltersActive', { count: hiddenActive }) : t('core:resource.expandFilters')}
            </PlainButton>
          )}
        </div>
      </div>
    </Form>
  );
}
