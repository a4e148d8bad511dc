import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import myanmarFont from '@fontsource/noto-sans-myanmar/400.css?url';
import myanmarFontBold from '@fontsource/noto-sans-myanmar/700.css?url';
import layoutCss from '@core/ui/layout.css?url';
import { autoLoginRedirect } from '@core/auth/autologin.server';
import { getLang, langCookie, localeVersions } from '@core/i18n/i18n.server';
import { DEFAULT_LANG, isLang, LANG_TAGS, type Lang } from '@core/i18n/i18n';
import { localeLinks } from '@core/i18n/bundles';
import { serverTimeZone } from '@core/i18n/dates';
import { AppProviders } from '@core/ui/AppProviders';
import { titleMeta } from '@core/ui/pageTitle';
import { useNonce } from '@core/auth/nonce';
// Only this key of each language (Vite keeps the named part of a JSON file): the error page
// may have no translations loaded (its root loader failed).
import { notFound as zhNotFound } from '@core/locales/zh.json';
import { notFound as enNotFound } from '@core/locales/en.json';
import { notFound as myNotFound } from '@core/locales/my.json';

const HOME: Record<Lang, string> = { zh: zhNotFound.home, en: enNotFound.home, my: myNotFound.home };

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: myanmarFont },
  { rel: 'stylesheet', href: myanmarFontBold },
  // The main layout's chrome (core/ui/AppLayout.tsx): static styles, not emotion's.
  { rel: 'stylesheet', href: layoutCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // ?username=…&password=<AES>&flag=1 on any page signs in, then reloads that page.
  const auto = await autoLoginRedirect(request);
  if (auto) throw auto;
  const url = new URL(request.url);
  const requested = url.searchParams.get('lng');
  // ?lng=xx switches the language: remember it in the cookie and drop it from the URL.
  if (requested && isLang(requested)) {
    url.searchParams.delete('lng');
    throw redirect(url.pathname + url.search, { headers: { 'Set-Cookie': await langCookie.serialize(requested) } });
  }
  const lang = await getLang(request);
  // locales: the version of each namespace's texts, which the browser loads from cached URLs
  // (core/i18n/bundles.ts) rather than with every page. timeZone: date-times are shown in the
  // platform's zone, in the browser as on the server.
  return { lang, locales: localeVersions(lang), timeZone: serverTimeZone() };
}

// Language changes are full page loads, so the translations never need re-fetching.
export const shouldRevalidate = () => false;

// The tab title follows the language (the layout route adds the current menu leaf).
export const meta: MetaFunction<typeof loader> = (args) => titleMeta(args);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const lang: Lang = data?.lang ?? DEFAULT_LANG;
  const nonce = useNonce();
  return (
    <html lang={LANG_TAGS[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data && localeLinks(lang, data.locales).map((l) => <link key={l.href} {...l} />)}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { lang, timeZone } = useLoaderData<typeof loader>();
  return (
    <AppProviders lang={lang} timeZone={timeZone}>
      <Outlet />
    </AppProviders>
  );
}

/** The error page's texts in the page's language (404 and 403 say what they mean; the rest, that something failed). */
function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Without the root's data (no providers) `t` gives the default values: the same text on both sides.
  const text =
    status === 404
      ? t('core:notFound.text', { defaultValue: 'Not Found' })
      : status === 403
        ? t('core:http.forbidden', { defaultValue: 'Forbidden' })
        : isRouteErrorResponse(error) && error.data
          ? String(error.data)
          : t('core:error.unexpected', { defaultValue: 'Error' });
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h3" color="text.secondary">
        {status}
      </Typography>
      <Typography sx={{ my: 2 }} data-testid="error-text">
        {text}
      </Typography>
      <Button href="/" variant="contained" data-testid="error-home">
        {t('core:notFound.home', { defaultValue: HOME[data?.lang ?? DEFAULT_LANG] })}
      </Button>
    </Box>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  if (!isRouteErrorResponse(error)) console.error(error);
  return data ? (
    <AppProviders lang={data.lang} timeZone={data.timeZone}>
      <ErrorPage error={error} />
    </AppProviders>
  ) : (
    <ErrorPage error={error} />
  );
}
