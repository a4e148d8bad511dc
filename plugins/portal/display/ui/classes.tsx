// The schedule screen's parts: a service running every day of the week reads 每天 rather than
// the seven days listed.
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { K, WEEKDAYS } from '../series';

export default function useClassesScreen(): ScreenParts {
  const { t } = useTranslation();
  return {
    renderCell: {
      days: (row) => {
        const days = Array.isArray(row.days) ? (row.days as string[]) : [];
        return days.length === WEEKDAYS.length ? t(`${K}.weekday.daily`) : days.map((d) => t(`${K}.weekday.${d}`)).join(t('core:resource.listSeparator'));
      },
    },
  };
}
