// The API token screen's form: a new token is shown once.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError, DateField, optionLabel, useNotify, type ScreenParts } from '@core/client';
import { apiTokenDef } from '../resources/apiToken';

function TokenForm({ roles, onClose, onSaved }: { roles: { value: string; label: string }[]; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [v, setV] = useState({ name: '', roleId: '', expiresAt: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [token, setToken] = useState<string | null>(null);
  const save = async () => {
    const payload = { name: v.name, roleId: v.roleId ? Number(v.roleId) : undefined, expiresAt: v.expiresAt || null };
    const parsed = apiTokenDef.schema(t, 'create').safeParse(payload);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    try {
      const res = await api.post<{ token: string }>('/system/apiToken/issue', payload);
      setToken(res.data!.token);
      toast(res.msg, { severity: 'success' });
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fe = (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
      if (fe) setErrors(fe);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="resource-form">
      <DialogTitle>{t('core:resource.addTitle', { name: t('system:apiToken.title') })}</DialogTitle>
      <DialogContent>
        {token ? (
          <Alert severity="warning" sx={{ wordBreak: 'break-all' }} data-testid="new-token">
            {t('system:apiToken.showOnce')}
            <br />
            <code>{token}</code>
          </Alert>
        ) : (
          <>
            <TextField
              label={t('system:apiToken.name')}
              value={v.name}
              onChange={(e) => setV({ ...v, name: e.target.value })}
              error={!!errors.name}
              helperText={errors.name || ' '}
              fullWidth
              sx={{ mt: 1 }}
            />
            <TextField
              select
              label={t('system:apiToken.role')}
              value={v.roleId}
              onChange={(e) => setV({ ...v, roleId: e.target.value })}
              error={!!errors.roleId}
              helperText={errors.roleId || ' '}
              fullWidth
            >
              {roles.map((r) => (
                <MenuItem key={r.value} value={r.value}>
                  {optionLabel(t, r.label)}
                </MenuItem>
              ))}
            </TextField>
            <DateField
              label={t('system:apiToken.expiresAt')}
              value={v.expiresAt}
              onChange={(iso) => setV({ ...v, expiresAt: iso })}
              fullWidth
              testId="form-expiresAt-field"
              inputTestId="form-expiresAt"
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{token ? t('core:common.ok') : t('core:common.cancel')}</Button>
        {!token && (
          <Button variant="contained" onClick={save} data-testid="form-save">
            {t('core:resource.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default function useApiTokenScreen(data: { lookups: Record<string, { value: string; label: string }[]> }): ScreenParts {
  return { renderForm: ({ onClose, onSaved }) => <TokenForm roles={data.lookups['system.roles'] ?? []} onClose={onClose} onSaved={onSaved} /> };
}
