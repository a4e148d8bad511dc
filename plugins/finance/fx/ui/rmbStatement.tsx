// The RMB statement screen's parts: the collection instruction's file in the form, and 查看 to
// read one selected statement with its declarations.
import { useState } from 'react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { DocumentEditor, useNotify, type ScreenParts, type SectionContext } from '@core/client';
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
  const { toast } = useNotify();
  const [viewing, setViewing] = useState<Record<string, unknown> | null>(null);
  return {
    sections,
    actions: (selected) => (
      <Button
        variant="outlined"
        startIcon={<VisibilityIcon />}
        data-testid="toolbar-view"
        onClick={() => {
          if (selected.length !== 1) return toast(t('core:common.selectFirst'), { severity: 'warning' });
          setViewing(selected[0]);
        }}
      >
        {t('finance:fx.ui.viewAction')}
      </Button>
    ),
    dialogs: viewing && (
      <DocumentEditor
        doc={rmbStatementDocument}
        row={viewing}
        lookups={data.lookups}
        sections={sections}
        readOnly
        title={t('finance:fx.ui.view', { name: t(rmbStatementDef.titleKey) })}
        onClose={() => setViewing(null)}
        onSaved={() => {}}
      />
    ),
  };
}
