// The RMB statement screen's parts: the collection instruction's file in the form, and 查看 to
// read one selected statement with its declarations.
import { useTranslation } from 'react-i18next';
import { DocumentEditor, useViewAction, type ScreenParts, type SectionContext } from '@core/client';
import type { LookupOption } from '@core/shared';
import { RMB_UPLOAD_TYPES, rmbStatementDef, rmbStatementDocument } from '../rmb';
import { FileSection } from './FileSection';

const sections = {
  collectionFile: (ctx: SectionContext) => (
    <FileSection
      ctx={ctx}
      def={rmbStatementDef}
      types={RMB_UPLOAD_TYPES}
      idField="collectionFileId"
      fileField="collectionFile"
      clears="collectionInstruction"
      labelKey="finance:fx.rmb.collectionFile"
      testId="collection"
    />
  ),
};

export default function useRmbStatementScreen(data: { lookups: Record<string, LookupOption[]> }): ScreenParts {
  const { t } = useTranslation();
  const view = useViewAction({
    labelKey: 'finance:fx.ui.viewAction',
    view: (row, { close }) => (
      <DocumentEditor
        doc={rmbStatementDocument}
        row={row}
        lookups={data.lookups}
        sections={sections}
        readOnly
        title={t('finance:fx.ui.view', { name: t(rmbStatementDef.titleKey) })}
        onClose={close}
        onSaved={() => {}}
      />
    ),
  });
  return { sections, actions: view.button, dialogs: view.dialog };
}
