// The work screen's part: the over-plan override marked in the list.
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { K } from '../plan';

function Override({ on, reason }: { on: boolean; reason: unknown }) {
  const { t } = useTranslation();
  return on ? <Chip size="small" color="warning" variant="outlined" label={t(`${K}.ui.overridden`)} title={String(reason ?? '')} /> : null;
}

export default function useWorkConfirmationScreen(): ScreenParts {
  return {
    renderCell: { override: (row) => <Override on={!!row.override} reason={row.overrideReason} /> },
  };
}
