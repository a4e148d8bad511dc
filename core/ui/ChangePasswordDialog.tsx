// Change-password dialog (SPEC §5): old, new and confirm passwords, checked as they are typed; the server repeats every check.
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../resource/define';
import type { Values } from './fields/values';
import { ignoreApiError, useNotify } from './notify';
import { FormDialog } from './resource/ResourceFormDialog';

const field = (name: string, labelKey: string, autoComplete = 'new-password'): FieldDef => ({ name, labelKey: `core:password.${labelKey}`, type: 'password', form: { span: 3, autoComplete } });
const FIELDS = [field('oldPassword', 'old', 'current-password'), field('password', 'new'), field('checkPassword', 'confirm')];
const REQUIRED = new Set(FIELDS.map((f) => f.name));

export function ChangePasswordDialog({ open, onClose, userId, mobile }: { open: boolean; onClose(): void; userId: number; mobile: string | null }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const check = (v: Values) => {
    const [old, password, confirm] = FIELDS.map((f) => String(v[f.name]).trim());
    return {
      oldPassword: old ? '' : t('core:password.oldRequired'),
      password: !password ? t('core:password.newRequired') : password.length < 6 || password.length > 32 ? t('core:password.length') : '',
      checkPassword: !confirm ? t('core:password.confirmRequired') : confirm === password ? '' : t('core:password.mismatch'),
    };
  };
  if (!open) return null;
  return (
    <FormDialog
      title={t('core:password.title')}
      fields={FIELDS}
      required={REQUIRED}
      check={check}
      maxWidth="xs"
      testId="change-password-dialog"
      saveTestId="change-password-submit"
      saveLabel={t('core:common.confirm')}
      onClose={onClose}
      onSubmit={async (form) => {
        try {
          const res = await api.post('/user/updatePw', { id: userId, mobile, verificationCode: '', ...form });
          toast(res.msg || t('core:password.changed'), { severity: 'success' });
          onClose();
        } catch (e) {
          ignoreApiError(e);
        }
      }}
    />
  );
}
