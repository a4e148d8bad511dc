// The FX application screen's parts: the permit certificate in the list, and in the form the
// postscript's 140-character counter with the permit upload (required).
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { fxApplicationDef, PERMIT_TYPES, POSTSCRIPT_MAX } from '../fx';
import { FileSection, permitCells } from './FileSection';

export default function useFxSettlementScreen(): ScreenParts {
  const { t } = useTranslation();
  return {
    renderCell: permitCells,
    sections: {
      permit: (ctx) => {
        const n = String(ctx.values.postscript ?? '').length;
        return (
          <>
            <Typography variant="caption" color={n > POSTSCRIPT_MAX ? 'error' : 'text.secondary'} data-testid="postscript-count">
              {t('finance:fx.ui.postscriptCount', { n, max: POSTSCRIPT_MAX })}
            </Typography>
            <FileSection
              ctx={ctx}
              def={fxApplicationDef}
              types={PERMIT_TYPES}
              idField="permitFileId"
              fileField="permitFile"
              error="permitFileId"
              clears="permitFileId"
              labelKey="finance:fx.field.permitFile"
              uploadKey="finance:fx.ui.uploadPermit"
              emptyKey="finance:fx.ui.noPermit"
              required
              testId="permit"
            />
          </>
        );
      },
    },
  };
}
