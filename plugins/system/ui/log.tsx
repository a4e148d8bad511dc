// The log screen's parts: a login's result as a chip and its reason translated; the users
// online with a sign-out button for whoever may force it (posted to the screen, log.server.ts).
import { useActionData, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify, type ScreenParts } from '@core/client';

export default function useLogScreen(data: { tab: string; canForceLogout: boolean }): ScreenParts {
  const { t } = useTranslation();
  const result = useActionData<{ ok: boolean; message: string }>();
  const submit = useSubmit();
  const { toast } = useNotify();
  const [confirmRef, setConfirmRef] = useState<{ ref: string; username: string } | null>(null);

  useEffect(() => {
    if (result) toast(result.message, { severity: result.ok ? 'success' : 'warning' });
  }, [result, toast]);

  if (data.tab === 'logins') {
    return {
      renderCell: {
        success: (r) => <Chip size="small" color={r.success ? 'success' : 'error'} label={r.success ? t('system:log.success') : t('system:log.failure')} />,
        message: (r) => t(`system:log.reason.${String(r.message)}`, { defaultValue: String(r.message ?? '') }),
      },
    };
  }
  if (data.tab !== 'online') return {};
  return {
    table: { testId: 'online-table', rowTestId: (r) => `online-${String(r.username)}` },
    rowActions: data.canForceLogout
      ? (r) => (
          <Button size="small" color="error" onClick={() => setConfirmRef({ ref: String(r.ref), username: String(r.username) })}>
            {t('system:log.forceLogout')}
          </Button>
        )
      : undefined,
    dialogs: (
      <ConfirmDialog
        open={!!confirmRef}
        text={t('system:log.forceLogoutConfirm', { username: confirmRef?.username })}
        onCancel={() => setConfirmRef(null)}
        onConfirm={() => {
          submit({ ref: confirmRef!.ref }, { method: 'post' });
          setConfirmRef(null);
        }}
      />
    ),
  };
}
