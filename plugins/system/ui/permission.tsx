// The permission screen's cells: names and menus translated, codes in monospace, the roles as chips.
import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';

export default function usePermissionScreen(): ScreenParts {
  const { t } = useTranslation();
  return {
    renderCell: {
      title: (r) => t(String(r.titleKey)),
      code: (r) => <Box sx={{ fontFamily: 'monospace' }}>{String(r.code)}</Box>,
      menu: (r) => (r.menuTitleKey ? t(String(r.menuTitleKey)) : ''),
      mandatory: (r) => (r.mandatory ? t('core:common.yes') : ''),
      roles: (r) => (r.roles as string[]).map((n) => <Chip key={n} size="small" label={n} sx={{ mr: 0.5 }} />),
    },
  };
}
