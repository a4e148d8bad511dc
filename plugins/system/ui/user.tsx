// The user screen's toolbar: reset a user's password, sign them out everywhere.
import { useState } from 'react';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@core/shared';
import { ApiError, ConfirmDialog, FormDialog, useNotify, type ScreenParts } from '@core/client';

type Row = Record<string, unknown> & { id: number };
const PASSWORD: FieldDef[] = [{ name: 'input', labelKey: 'core:password.new', type: 'password', form: { span: 3 } }];

function UserActions({ selected, reload, canEdit }: { selected: Row[]; reload(): void; canEdit: boolean }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [reset, setReset] = useState<Row | null>(null);
  const [logout, setLogout] = useState<Row | null>(null);
  if (!canEdit) return null;
  const one = () => {
    if (selected.length !== 1) {
      toast(t('core:common.selectFirst'), { severity: 'warning' });
      return null;
    }
    return selected[0];
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setReset(one())} data-testid="toolbar-resetPassword">
        {t('system:user.resetPassword')}
      </Button>
      <Button variant="outlined" onClick={() => setLogout(one())} data-testid="toolbar-forceLogout">
        {t('system:log.forceLogout')}
      </Button>
      {reset && (
        <FormDialog
          title={`${t('system:user.resetPassword')} · ${String(reset.username ?? '')}`}
          fields={PASSWORD}
          maxWidth="xs"
          testIdPrefix="reset-password"
          saveTestId="reset-password-save"
          onClose={() => setReset(null)}
          onSubmit={async ({ input: password }) => {
            const length = String(password).trim().length;
            if (length < 6 || length > 32) return { input: t('core:password.length') };
            try {
              const res = await api.post(`/system/userAction/${reset.id}/resetPassword`, { password });
              toast(res.msg, { severity: 'success' });
              setReset(null);
            } catch (e) {
              if (!(e instanceof ApiError)) throw e;
            }
          }}
        />
      )}
      <ConfirmDialog
        open={!!logout}
        text={t('system:user.forceLogoutConfirm', { username: String(logout?.username ?? '') })}
        onCancel={() => setLogout(null)}
        onConfirm={async () => {
          const row = logout!;
          setLogout(null);
          try {
            const res = await api.post(`/system/userAction/${row.id}/forceLogout`, {});
            toast(res.msg, { severity: 'success' });
            reload();
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
          }
        }}
      />
    </>
  );
}

export default function useUserScreen(data: { can: { update: boolean } }): ScreenParts {
  return { actions: (selected, reload) => <UserActions selected={selected as Row[]} reload={reload} canEdit={data.can.update} /> };
}
