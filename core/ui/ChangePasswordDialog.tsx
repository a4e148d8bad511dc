// Change-password dialog (SPEC §5): old, new and confirm passwords; the server repeats every check.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../http/client';
import { useNotify } from './notify';

type Field = 'oldPassword' | 'password' | 'checkPassword';

export function ChangePasswordDialog({ open, onClose, userId, mobile }: { open: boolean; onClose(): void; userId: number; mobile: string | null }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [form, setForm] = useState<Record<Field, string>>({ oldPassword: '', password: '', checkPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const check = (f: Record<Field, string>, field: Field): string | undefined => {
    const v = f[field].trim();
    if (field === 'oldPassword') return v ? undefined : t('core:password.oldRequired');
    if (field === 'password') {
      if (!v) return t('core:password.newRequired');
      if (v.length < 6 || v.length > 32) return t('core:password.length');
      return undefined;
    }
    if (!v) return t('core:password.confirmRequired');
    return v === f.password.trim() ? undefined : t('core:password.mismatch');
  };

  const change = (field: Field, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    const nextErrors = { ...errors, [field]: check(next, field) };
    // A new password revalidates the confirmation once it has been filled in.
    if (field === 'password' && next.checkPassword) nextErrors.checkPassword = check(next, 'checkPassword');
    setErrors(nextErrors);
  };

  const close = () => {
    setForm({ oldPassword: '', password: '', checkPassword: '' });
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const all = { oldPassword: check(form, 'oldPassword'), password: check(form, 'password'), checkPassword: check(form, 'checkPassword') };
    setErrors(all);
    if (Object.values(all).some(Boolean)) return;
    setSaving(true);
    try {
      const res = await api.post('/user/updatePw', { id: userId, mobile, verificationCode: '', ...form });
      toast(res.msg || t('core:password.changed'), { severity: 'success' });
      close();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, label: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      value={form[name]}
      onChange={(e) => change(name, e.target.value)}
      error={!!errors[name]}
      helperText={errors[name] || ' '}
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      fullWidth
      required
    />
  );

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth data-testid="change-password-dialog">
      <DialogTitle>{t('core:password.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ pt: 1 }} spacing={0.5}>
          {field('oldPassword', t('core:password.old'))}
          {field('password', t('core:password.new'))}
          {field('checkPassword', t('core:password.confirm'))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={saving} data-testid="change-password-submit">
          {t('core:common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
