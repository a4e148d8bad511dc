// The audit status of an enterprise as a coloured chip.
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR = { '0': 'default', '1': 'info', '2': 'error', '3': 'success' } as const;

export function AuditChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = COLOR[status as keyof typeof COLOR] ?? 'default';
  return <Chip size="small" color={color} variant={status === '0' ? 'outlined' : 'filled'} label={t(`customs:enterprise.audit.${status}`)} data-testid="audit-status" />;
}
