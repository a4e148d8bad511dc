// /management/log: the login log (every attempt, with address and browser), the operation
// log, and the users online now, whom an administrator can sign out. The logs are read-only
// lists whose drawer shows an entry whole.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Chip, Paper, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getKnex, getT, requireCurrent, resourcePageData, rowsPageData, serverResource } from '@core/server';
import { defineResource, hasPermission } from '@core/shared';
import { ConfirmDialog, ResourcePage, useNotify } from '@core/client';
import { forceLogout, listOnlineSessions } from '../services/log.server';
import { auditDef } from '../resources/audit';
import { auditResource } from '../resources/misc.server';

const MENU = 'management.log';
const base = { plugin: 'system', menu: MENU, versioned: false, stamped: false, readOnly: true, detail: true, permissions: { list: 'system:log:list' }, schema: () => z.object({}) } as const;

const loginLogDef = defineResource({
  ...base,
  name: 'loginLog',
  table: 'sys_login_log',
  titleKey: 'system:log.loginLog',
  fields: [
    { name: 'createdAt', labelKey: 'system:log.time', type: 'datetime', sortable: true, filter: 'range' },
    { name: 'username', labelKey: 'system:log.username', type: 'string', filter: 'contains', sortable: true },
    { name: 'ip', labelKey: 'system:log.ip', type: 'string', filter: 'contains' },
    { name: 'success', labelKey: 'system:log.result', type: 'boolean', filter: 'eq' },
    { name: 'message', labelKey: 'system:log.message', type: 'string' },
    { name: 'userAgent', labelKey: 'system:log.browser', type: 'string', list: { width: 320 } },
  ],
});
const loginLogResource = serverResource(loginLogDef);

/** The sessions online: rows the loader reads (a session id is a secret: only its first 12 characters leave). */
const onlineDef = defineResource({
  ...base,
  detail: false,
  name: 'online',
  table: 'sys_session',
  titleKey: 'system:log.online',
  fields: [
    { name: 'username', labelKey: 'system:log.username', type: 'string' },
    { name: 'nickname', labelKey: 'system:log.nickname', type: 'string' },
    { name: 'ip', labelKey: 'system:log.ip', type: 'string' },
    { name: 'createdAt', labelKey: 'system:log.loginTime', type: 'datetime' },
    { name: 'lastSeenAt', labelKey: 'system:log.lastSeen', type: 'datetime' },
    { name: 'userAgent', labelKey: 'system:log.browser', type: 'string', list: { width: 280 } },
  ],
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: MENU, permission: 'system:log:list' });
  const tabParam = new URL(request.url).searchParams.get('tab');
  const tab = tabParam === 'online' || tabParam === 'oper' ? tabParam : 'logins';
  return {
    tab,
    logins: tab === 'logins' ? await resourcePageData(loginLogResource, request) : null,
    online: tab === 'online' ? await rowsPageData(onlineDef, (await listOnlineSessions(getKnex())).map((s, i) => ({ id: i + 1, ...s })), request, user) : null,
    oper: tab === 'oper' ? await resourcePageData(auditResource, request) : null,
    canForceLogout: hasPermission(user, 'system:session:forceLogout'),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireCurrent(request, { menu: MENU, permission: 'system:session:forceLogout' });
  const t = await getT(request);
  const form = await request.formData();
  const done = await forceLogout(getKnex(), String(form.get('ref') ?? ''));
  return done ? { ok: true, message: t('system:log.forcedOut') } : { ok: false, message: t('system:log.sessionGone') };
}

export default function LogPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const { toast } = useNotify();
  const [confirmRef, setConfirmRef] = useState<{ ref: string; username: string } | null>(null);

  useEffect(() => {
    if (result) toast(result.message, { severity: result.ok ? 'success' : 'warning' });
  }, [result, toast]);

  // A tab is a screen of its own: its filters and page do not carry over.
  const switchTab = (v: string) => {
    const next = new URLSearchParams();
    if (v !== 'logins') next.set('tab', v);
    if (params.get('lng')) next.set('lng', params.get('lng')!);
    submit(next, { method: 'get', replace: true });
  };

  return (
    <>
      <Paper sx={{ px: 2, mb: 1 }}>
        <Tabs value={data.tab} onChange={(_e, v: string) => switchTab(v)}>
          <Tab value="logins" label={t('system:log.loginLog')} data-testid="tab-logins" />
          <Tab value="oper" label={t('system:audit.title')} data-testid="tab-oper" />
          <Tab value="online" label={t('system:log.online')} data-testid="tab-online" />
        </Tabs>
      </Paper>
      {data.logins && (
        <ResourcePage
          def={loginLogDef}
          data={data.logins}
          renderCell={{
            success: (r) => <Chip size="small" color={r.success ? 'success' : 'error'} label={r.success ? t('system:log.success') : t('system:log.failure')} />,
            message: (r) => t(`system:log.reason.${String(r.message)}`, { defaultValue: String(r.message ?? '') }),
          }}
        />
      )}
      {data.oper && <ResourcePage def={auditDef} data={data.oper} />}
      {data.online && (
        <ResourcePage
          def={onlineDef}
          data={data.online}
          table={{ testId: 'online-table', rowTestId: (r) => `online-${String(r.username)}` }}
          rowActions={
            data.canForceLogout
              ? (r) => (
                  <Button size="small" color="error" onClick={() => setConfirmRef({ ref: String(r.ref), username: String(r.username) })}>
                    {t('system:log.forceLogout')}
                  </Button>
                )
              : undefined
          }
        />
      )}

      <ConfirmDialog
        open={!!confirmRef}
        text={t('system:log.forceLogoutConfirm', { username: confirmRef?.username })}
        onCancel={() => setConfirmRef(null)}
        onConfirm={() => {
          submit({ ref: confirmRef!.ref }, { method: 'post' });
          setConfirmRef(null);
        }}
      />
    </>
  );
}
