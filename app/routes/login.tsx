// /login: username + password (both required), language choice, throttling messages.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { authenticator } from '@core/auth/authenticator.server';
import { getCurrent } from '@core/auth/guard.server';
import { clientIp, startSession } from '@core/auth/session.server';
import { getT } from '@core/i18n/i18n.server';
import { LANG_LABELS, LANGS } from '@core/i18n/i18n';
import { pageAction, pageLoader } from '@core/ui/pageData';
import type { loader as rootLoader } from '~/root';


export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrent(request)) throw redirect('/');
  const reason = new URL(request.url).searchParams.get('autologin');
  const t = await getT(request);
  const messages: Record<string, string> = {
    off: t('core:login.autoLoginOff'),
    invalid: t('core:login.invalid'),
    locked: t('core:login.lockedShort'),
    disabled: t('core:login.disabled'),
    required: t('core:login.invalid'),
  };
  return { notice: reason ? (messages[reason] ?? null) : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const username = String(form.get('username') ?? '');
  const result = await authenticator.authenticate('form', request);
  if (!result.ok) return { error: result.message, username };
  const headers = await startSession(request, result.userId, { ip: clientIp(request), userAgent: request.headers.get('user-agent') });
  return redirect('/', { headers });
}

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();
export const clientAction = pageAction();

export default function Login() {
  const { t } = useTranslation();
  const { notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});

  const validate = (e: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(e.currentTarget);
    const next = {
      username: String(data.get('username') ?? '').trim() ? undefined : t('core:login.usernameRequired'),
      password: String(data.get('password') ?? '').trim() ? undefined : t('core:login.passwordRequired'),
    };
    setErrors(next);
    if (next.username || next.password) e.preventDefault();
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'linear-gradient(135deg, #17324f 0%, #1f5fa8 55%, #0f8a7e 100%)', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={0.5} sx={{ mb: 3, alignItems: 'center' }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 48, height: 48 }} />
            <Typography variant="h6" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
              {t('core:app.name')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('core:login.subtitle')}
            </Typography>
          </Stack>
          {(actionData?.error || notice) && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
              {actionData?.error ?? notice}
            </Alert>
          )}
          <Form method="post" onSubmit={validate} noValidate>
            <Stack spacing={1}>
              <TextField
                name="username"
                label={t('core:login.username')}
                defaultValue={actionData?.username ?? ''}
                error={!!errors.username}
                helperText={errors.username || ' '}
                autoComplete="username"
                autoFocus
                fullWidth
                size="medium"
              />
              <TextField
                name="password"
                type="password"
                label={t('core:login.password')}
                error={!!errors.password}
                helperText={errors.password || ' '}
                autoComplete="current-password"
                fullWidth
                size="medium"
              />
              <Button type="submit" variant="contained" size="large" disabled={navigation.state !== 'idle'} data-testid="login-submit">
                {t('core:login.submit')}
              </Button>
            </Stack>
          </Form>
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
            {LANGS.map((l) => (
              <Link key={l} href={`/login?lng=${l}`} underline={root?.lang === l ? 'always' : 'hover'} data-testid={`login-lang-${l}`}>
                {LANG_LABELS[l]}
              </Link>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
