// The dialog of a transition that takes a note (review opinion, reason) and/or an amount
// (a partial refund; pre-filled with `initialAmount`, the row's full amount): core's form dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../http/client';
import { transitionAmountCheck, type FieldDef, type Transition } from '../../resource/define';
import { FormDialog } from './ResourceFormDialog';

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
  const [error, setError] = useState('');
  const { note: spec, amount: amountSpec } = transition;
  const fields: FieldDef[] = [];
  if (amountSpec) fields.push({ name: 'amount', labelKey: amountSpec.labelKey, type: 'string', form: { span: 3 } });
  if (spec) fields.push({ name: 'note', labelKey: spec.labelKey, type: 'text', maxLength: spec.maxLength, form: { span: 3, counter: true } });
  const go = async ({ note, amount }: Record<string, unknown>): Promise<Record<string, string> | void> => {
    const v = String(note ?? '').trim();
    const field = t(spec?.labelKey ?? '');
    if (spec?.required && !v) return { note: t('core:resource.required', { field }) };
    if (spec && v.length > spec.maxLength) return { note: t('core:resource.tooLong', { field, max: spec.maxLength }) };
    const parsed = amountSpec && transitionAmountCheck(t, amountSpec).safeParse(amount);
    if (parsed && !parsed.success) return { amount: parsed.error.issues[0].message };
    try {
      await onSubmit(v, (parsed && parsed.data) ?? undefined);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fieldError = amountSpec ? (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors?.[amountSpec.field] : undefined;
      if (fieldError || spec) return fieldError ? { amount: fieldError } : { note: e.message };
      setError(e.message);
    }
  };
  return (
    <FormDialog
      title={t(transition.labelKey)}
      fields={fields}
      initial={{ amount: initialAmount ?? '', note: '' }}
      required={new Set(spec?.required ? ['note'] : [])}
      maxWidth="sm"
      error={error}
      testId="transition-note-dialog"
      testIdPrefix="transition"
      saveTestId="transition-note-ok"
      saveLabel={t('core:common.confirm')}
      onClose={onCancel}
      onSubmit={go}
    />
  );
}
