// The confirmation asked before delete, submit and other irreversible actions.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from './useOpenedOnce';

export function ConfirmDialog({ open, text, onConfirm, onCancel }: { open: boolean; text: string; onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation();
  // Every list page has one, closed: not rendered until first asked.
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Dialog open={open} onClose={onCancel} data-testid="confirm-dialog">
      <DialogTitle>{t('core:common.confirmTitle')}</DialogTitle>
      <DialogContent>{text}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('core:common.cancel')}</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus data-testid="confirm-ok">
          {t('core:common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
