// The dialog of a transition that takes a note (review opinion, reason) and/or an amount.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../http/client';
import { transitionAmountCheck, type Transition } from '../../resource/define';

/**
 * The dialog of a transition that takes a note (review opinion, reason) and/or an amount
 * (a partial refund; pre-filled with `initialAmount`, the row's full amount).
 */
export function TransitionNoteDialog({
  transition,
  initialAmount,
  onCancel,
  onSubmit,
}: {
  transition: Transition;
  initialAmount?: string | null;
  onCancel(): void;
  onSubmit(note: string, amount?: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState(initialAmount ?? '');
  const [error, setError] = useState('');
  const [amountError, setAmountError] = useState('');
  const spec = transition.note;
  const amountSpec = transition.amount;
  const label = spec ? t(spec.labelKey) : '';
  const go = async () => {
    const v = note.trim();
    if (spec?.required && !v) return setError(t('core:resource.required', { field: label }));
    if (spec && v.length > spec.maxLength) return setError(t('core:resource.tooLong', { field: label, max: spec.maxLength }));
    let a: string | null = null;
    if (amountSpec) {
      const parsed = transitionAmountCheck(t, amountSpec).safeParse(amount);
      if (!parsed.success) return setAmountError(parsed.error.issues[0].message);
      a = parsed.data;
    }
    try {
      await onSubmit(v, a ?? undefined);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fieldError = amountSpec ? (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors?.[amountSpec.field] : undefined;
      if (fieldError) setAmountError(fieldError);
      else setError(e.message);
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" data-testid="transition-note-dialog">
      <DialogTitle>{t(transition.labelKey)}</DialogTitle>
      <DialogContent>
        {amountSpec && (
          <TextField
            fullWidth
            sx={{ mt: 1 }}
            label={t(amountSpec.labelKey)}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountError('');
            }}
            error={!!amountError}
            helperText={amountError || ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'transition-amount' } }}
          />
        )}
        {spec && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            sx={{ mt: 1 }}
            label={label}
            required={spec.required}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || `${note.trim().length}/${spec.maxLength}`}
            slotProps={{ htmlInput: { 'data-testid': 'transition-note' } }}
          />
        )}
        {!spec && error && (
          <Typography color="error" variant="body2">
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={() => void go()} data-testid="transition-note-ok">
          {t('core:common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
