// The user screen's toolbar: reset a user's password, sign them out everywhere.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError, ConfirmDialog, useNotify, type ScreenParts } from '@core/client';

type Row = Record<string, unknown> & { id: number };

function UserActions({ selected, reload, canEdit }: { selected: Row[]; reload(): void; canEdit: boolean }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [reset, setReset] = useState<Row | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
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
      <Dialog open={!!reset} onClose={() => setReset(null)} maxWidth="xs" fullWidth>
        <DialogTitle>
          {t('system:user.resetPassword')} · {String(reset?.username ?? '')}
        </DialogTitle>
        <DialogContent>
          <TextField
            type="password"
            label={t('core:password.new')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || ' '}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'reset-password-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReset(null)}>{t('core:common.cancel')}</Button>
          <Button
            variant="contained"
            data-testid="reset-password-save"
            onClick={async () => {
              if (password.trim().length < 6 || password.trim().length > 32) {
                setError(t('core:password.length'));
                return;
              }
              try {
                const res = await api.post(`/system/userAction/${reset!.id}/resetPassword`, { password });
                toast(res.msg, { severity: 'success' });
                setReset(null);
                setPassword('');
              } catch (e) {
                if (!(e instanceof ApiError)) throw e;
              }
            }}
          >
            {t('core:resource.save')}
          </Button>
        </DialogActions>
      </Dialog>
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
