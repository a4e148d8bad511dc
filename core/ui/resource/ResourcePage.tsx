// The list screen every resource gets, composed of small parts: query form (查询/重置), state
// tabs with counts, toolbar (add, edit, delete, transitions, export, import), server-side
// paged/sorted grid with row selection, summary row, the declared chart above the grid, the form dialog generated from the same
// declaration and the detail drawer. Writes go through the resource's REST API.
import { useEffect, useState } from 'react';
import { Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { STATE_PARAM } from '../../resource/define';
import { cellOf, useColumns, type Row } from './cells';
import { DetailDrawer } from './DetailDrawer';
import { FilterBar, filterParamNames } from './FilterBar';
import { ImportDialog } from './ImportDialog';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ResourceChart } from './ResourceChart';
import { ResourceGrid } from './ResourceGrid';
import { ResourceToolbar } from './ResourceToolbar';
import { RowActionCell, useActionColumn, type RowActionState } from './RowActions';
import { StateTabs } from './StateTabs';
import { SummaryRow } from './SummaryRow';
import type { ResourcePageProps } from './types';
import { useListState } from './useListState';
import { useResourceActions } from './useResourceActions';

export { displayValue, optionLabel } from './cells';
export { TransitionNoteDialog } from './TransitionNoteDialog';
export type { ResourcePageData, ResourcePageProps } from './types';

export function ResourcePage({ def, data, actions, renderCell, renderForm, rowActions, renderDetail, table }: ResourcePageProps) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [detail, setDetail] = useState<Row | null>(null);
  useEffect(() => setHydrated(true), []);
  const list = useListState(def, data);
  const acts = useResourceActions(def, data, list);
  const sm = def.stateMachine;
  // A variant's fixed filter is not the user's to change.
  const fixed = new Set(Object.keys((data.variant && def.variants?.[data.variant]?.filter) || {}));
  const filterFields = def.fields.filter((f) => f.filter && !fixed.has(f.name));
  const hasDetail = !!def.detail || !!renderDetail;

  const columns = useColumns(def, data.lookups, renderCell);
  const rowState: RowActionState = { ...acts.row, onEdit: (row) => acts.setFormRow(row), onDetail: hasDetail ? setDetail : undefined, rowActions, reload: list.reload, can: data.can };
  const gridColumns = useActionColumn(columns, rowState);
  const hasRowActions = gridColumns !== columns;

  const filterParams = new Set(filterFields.flatMap(filterParamNames));
  const filtersActive = [...list.params.entries()].some(([k, v]) => filterParams.has(k) && v !== '');
  const emptyHint = filtersActive ? t('core:resource.emptyFiltered') : def.emptyHintKey ? t(def.emptyHintKey) : data.can.create ? t('core:resource.emptyCreate') : t('core:resource.empty');

  return (
    <Paper sx={{ p: 2 }} data-testid={`resource-${def.name}`}>
      {filterFields.length > 0 && <FilterBar fields={filterFields} lookups={data.lookups} open={list.filtersOpen} onToggle={list.toggleFilters} onReset={list.resetFilters} hydrated={hydrated} />}
      {sm && data.counts && <StateTabs sm={sm} counts={data.counts} value={list.params.get(STATE_PARAM)} onChange={(s) => list.go({ [STATE_PARAM]: s, page: null, after: null, before: null })} />}
      {def.chart && data.chart && <ResourceChart def={def} data={data.chart} lookups={data.lookups} hydrated={hydrated} />}
      <ResourceToolbar
        primary={acts.primary}
        more={acts.more}
        extra={actions?.(list.selectedRows, list.reload)}
        onImport={data.can.import ? () => setImportOpen(true) : undefined}
        exportHref={data.can.export ? list.exportHref : undefined}
        hydrated={hydrated}
      />
      <ResourceGrid
        def={def}
        list={list}
        columns={gridColumns}
        plainColumns={columns}
        total={data.result.total ?? list.rows.length}
        lookups={data.lookups}
        empty={{ hint: emptyHint, onReset: filtersActive ? list.resetFilters : undefined, resetLabel: t('core:common.reset') }}
        hydrated={hydrated}
        selectable={!def.readOnly || !!actions || acts.allowed.length > 0}
        plain={
          table && {
            ...table,
            cell: (row, name) => cellOf(def, def.fields.find((f) => f.name === name)!, row, t, data.lookups, renderCell),
            actions: hasRowActions ? (row) => <RowActionCell row={row} latest={{ current: rowState }} /> : undefined,
          }
        }
      />
      {data.summary && <SummaryRow def={def} sums={data.summary} />}
      {acts.formRow !== undefined &&
        (renderForm ? (
          renderForm({ open: true, row: acts.formRow, onClose: () => acts.setFormRow(undefined), onSaved: list.reload })
        ) : (
          <ResourceFormDialog def={def} row={acts.formRow} lookups={data.lookups} onClose={() => acts.setFormRow(undefined)} onSaved={list.reload} />
        ))}
      {detail && (
        <DetailDrawer
          def={def}
          row={list.rows.find((r) => r.id === detail.id) ?? detail}
          variant={list.variant}
          lookups={data.lookups}
          allowed={acts.allowed}
          onTransition={(name, row, done) => acts.transition(name, [row], done)}
          onClose={() => setDetail(null)}
          renderCell={renderCell}
        >
          {renderDetail?.(detail)}
        </DetailDrawer>
      )}
      {acts.dialogs}
      {importOpen && <ImportDialog def={def} onClose={() => setImportOpen(false)} onDone={list.reload} />}
    </Paper>
  );
}
