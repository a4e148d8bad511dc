// The platform's list of every enterprise: the review state as a chip and 查看, one selected
// enterprise read-only (the review itself is a transition of the list).
import { useViewAction, type Lookups, type ScreenParts } from '@core/client';
import { AuditChip } from './AuditChip';
import { EnterpriseView } from './EnterpriseForm';

export default function useEnterpriseManageScreen(data: { lookups: Lookups }): ScreenParts {
  const view = useViewAction({
    labelKey: 'customs:enterprise.ui.view',
    view: (row, { close }) => <EnterpriseView row={row} lookups={data.lookups} onClose={close} />,
  });
  return { renderCell: { auditStatus: (row) => <AuditChip status={String(row.auditStatus)} /> }, actions: view.button, dialogs: view.dialog };
}
