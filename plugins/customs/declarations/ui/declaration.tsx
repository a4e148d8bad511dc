// The declaration screen's parts: add and edit open the full-screen declaration editor, 查看
// opens one selected declaration read-only.
import { useViewAction, type ResourcePageProps, type ScreenParts } from '@core/client';
import { DeclarationEditor } from './DeclarationEditor';

export default function useDeclarationScreen(data: ResourcePageProps['data']): ScreenParts {
  const view = useViewAction({
    labelKey: 'customs:declarations.action.view',
    view: (row, { close, reload }) => <DeclarationEditor row={row} lookups={data.lookups} canEdit={false} canSubmit={false} onClose={close} onSaved={reload} />,
  });
  return {
    actions: view.button,
    renderForm: ({ row, onClose, onSaved }) => (
      <DeclarationEditor row={row} lookups={data.lookups} canEdit={row ? data.can.update : data.can.create} canSubmit={data.can.transitions.includes('submit')} onClose={onClose} onSaved={onSaved} />
    ),
    dialogs: view.dialog,
  };
}
