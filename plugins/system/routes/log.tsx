// /management/log: the login log (every attempt, with address and browser) and the users
// online now, whom an administrator can sign out.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireCurrent } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';
import { getT } from '@core/i18n/i18n.server';
import { formatDateTime } from '@core/i18n/dates';
import { hasPermission } from '@core/rbac/menu';
import { useNotify } from '@core/ui/notify';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { forceLogout, listLoginLog, listOnlineSessions } from '../services/log.server';
import { auditDef } from '../resources/audit';
import { auditResource } from '../resources/misc.server';

const MENU = 'management.log';
const PAGE_SIZES = [10, 20, 50, 100];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: MENU, permission: 'system:log:list' });
  const url = new URL(request.url);
  const tabParam = url.searchParams.get('tab');
  const tab = tabParam === 'online' || tabParam === 'oper' ? tabParam : 'logins';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const size = Number(url.searchParams.get('pageSize'));
  const pageSize = PAGE_SIZES.includes(size) ? size : 20;
  const statusParam = url.searchParams.get('status');
  const status = statusParam === 'success' || statusParam === 'failure' ? statusParam : '';
  const username = (url.searchParams.get('username') ?? '').trim().slice(0, 64);
  const knex = getKnex();
  return {
    tab,
    query: { username, status, page, pageSize },
    logins: tab === 'logins' ? await listLoginLog(knex, { username, status, page, pageSize }) : null,
    online: tab === 'online' ? await listOnlineSessions(knex) : null,
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

const when = formatDateTime;

export default function LogPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { toast } = useNotify();
  const [confirmRef, setConfirmRef] = useState<{ ref: string; username: string } | null>(null);

  useEffect(() => {
    if (result) toast(result.message, { severity: result.ok ? 'success' : 'warning' });
  }, [result, toast]);

  const go = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    submit(next, { method: 'get', replace: true });
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Tabs value={data.tab} onChange={(_e, v) => go({ tab: v === 'logins' ? null : v, page: null })} sx={{ mb: 2 }}>
        <Tab value="logins" label={t('system:log.loginLog')} data-testid="tab-logins" />
        <Tab value="oper" label={t('system:audit.title')} data-testid="tab-oper" />
        <Tab value="online" label={t('system:log.online')} data-testid="tab-online" />
      </Tabs>

      {data.logins && (
        <>
          <Form method="get" replace>
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
              <TextField name="username" label={t('system:log.username')} defaultValue={data.query.username} key={data.query.username} />
              <TextField name="status" select label={t('system:log.result')} defaultValue={data.query.status} sx={{ minWidth: 140 }} key={`s${data.query.status}`}>
                <MenuItem value="">{t('system:log.all')}</MenuItem>
                <MenuItem value="success">{t('system:log.success')}</MenuItem>
                <MenuItem value="failure">{t('system:log.failure')}</MenuItem>
              </TextField>
              <Button type="submit" variant="contained" disabled={navigation.state !== 'idle'}>
                {t('core:common.query')}
              </Button>
              <Button onClick={() => submit(new URLSearchParams(), { method: 'get', replace: true })}>{t('core:common.reset')}</Button>
            </Stack>
          </Form>
          <TableContainer>
            <Table size="small" data-testid="login-log-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('system:log.time')}</TableCell>
                  <TableCell>{t('system:log.username')}</TableCell>
                  <TableCell>{t('system:log.ip')}</TableCell>
                  <TableCell>{t('system:log.result')}</TableCell>
                  <TableCell>{t('system:log.message')}</TableCell>
                  <TableCell>{t('system:log.browser')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.logins.rows.map((r) => (
                  <TableRow key={r.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</TableCell>
                    <TableCell>{r.username}</TableCell>
                    <TableCell>{r.ip}</TableCell>
                    <TableCell>
                      <Chip size="small" color={r.success ? 'success' : 'error'} label={r.success ? t('system:log.success') : t('system:log.failure')} />
                    </TableCell>
                    <TableCell>{t(`system:log.reason.${r.message}`, { defaultValue: r.message })}</TableCell>
                    <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.userAgent}>
                      {r.userAgent}
                    </TableCell>
                  </TableRow>
                ))}
                {!data.logins.rows.length && (
                  <TableRow>
                    <TableCell colSpan={6} align="center">
                      {t('system:log.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.logins.total}
            page={data.query.page - 1}
            rowsPerPage={data.query.pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_e, p) => go({ page: p + 1 })}
            onRowsPerPageChange={(e) => go({ pageSize: e.target.value, page: null })}
          />
        </>
      )}

      {data.oper && <ResourcePage def={auditDef} data={data.oper} />}

      {data.online && (
        <TableContainer>
          <Table size="small" data-testid="online-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('system:log.username')}</TableCell>
                <TableCell>{t('system:log.nickname')}</TableCell>
                <TableCell>{t('system:log.ip')}</TableCell>
                <TableCell>{t('system:log.loginTime')}</TableCell>
                <TableCell>{t('system:log.lastSeen')}</TableCell>
                <TableCell>{t('system:log.browser')}</TableCell>
                <TableCell>{t('core:common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.online.map((s) => (
                <TableRow key={s.ref} hover data-testid={`online-${s.username}`}>
                  <TableCell>{s.username}</TableCell>
                  <TableCell>{s.nickname}</TableCell>
                  <TableCell>{s.ip}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(s.createdAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(s.lastSeenAt)}</TableCell>
                  <TableCell sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={s.userAgent}>
                    {s.userAgent}
                  </TableCell>
                  <TableCell>
                    {data.canForceLogout && (
                      <Button size="small" color="error" onClick={() => setConfirmRef({ ref: s.ref, username: s.username })}>
                        {t('system:log.forceLogout')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <Dialog open={!!confirmRef} onClose={() => setConfirmRef(null)}>
        <DialogTitle>{t('core:common.confirmTitle')}</DialogTitle>
        <DialogContent>{t('system:log.forceLogoutConfirm', { username: confirmRef?.username })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRef(null)}>{t('core:common.cancel')}</Button>
          <Form method="post" onSubmit={() => setConfirmRef(null)}>
            <input type="hidden" name="ref" value={confirmRef?.ref ?? ''} />
            <Button type="submit" color="error" variant="contained">
              {t('core:common.confirm')}
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
      <Box />
    </Paper>
  );
}
