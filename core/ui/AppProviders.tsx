// Everything a screen relies on: i18n, the theme with its locale packs, date pickers, toasts.
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { I18nextProvider } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/my';
import { i18nFor, type Lang } from '../i18n/i18n';
import { setDisplayTimeZone } from '../i18n/dates';
import { appTheme } from './theme';
import { DAYJS_LOCALE, pickerLocaleText } from './locale-packs';
import { NotifyProvider } from './notify';
import { PickerAdapter } from './pickerAdapter';

/** The pickers' texts of an instance, worked out once (not on every page the server renders). */
const pickerTexts = new WeakMap<I18n, ReturnType<typeof pickerLocaleText>>();
function pickerTextsOf(i18n: I18n) {
  let texts = pickerTexts.get(i18n);
  if (!texts) pickerTexts.set(i18n, (texts = pickerLocaleText(i18n.t.bind(i18n) as (k: string, o?: Record<string, unknown>) => string)));
  return texts;
}

/**
 * `timeZone`: the platform's display zone from the root loader; date-times render in it on the
 * server and in the browser alike (core/i18n/dates.ts), so hydration sees the same text.
 * The translations and the theme of a language are made once per process (i18nFor, appTheme).
 */
export function AppProviders({ lang, timeZone, children }: { lang: Lang; timeZone?: string; children: ReactNode }) {
  if (timeZone) setDisplayTimeZone(timeZone);
  const i18n = i18nFor(lang);
  const theme = appTheme(lang);
  const localeText = pickerTextsOf(i18n);
  dayjs.locale(DAYJS_LOCALE[lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocalizationProvider dateAdapter={PickerAdapter} adapterLocale={DAYJS_LOCALE[lang]} localeText={localeText}>
          <NotifyProvider>{children}</NotifyProvider>
        </LocalizationProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
