// Everything a screen relies on: i18n, the theme with its locale packs, date pickers, toasts.
import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { I18nextProvider } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/my';
import { createI18n, type Lang, type Resources } from '../i18n/i18n';
import { createAppTheme } from './theme';
import { DAYJS_LOCALE } from './locale-packs';
import { NotifyProvider } from './notify';

export function AppProviders({ lang, resources, children }: { lang: Lang; resources: Resources; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(lang, resources), [lang, resources]);
  const theme = useMemo(() => createAppTheme(lang), [lang]);
  dayjs.locale(DAYJS_LOCALE[lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALE[lang]}>
          <NotifyProvider>{children}</NotifyProvider>
        </LocalizationProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
