import { createTheme, THEME_ID, type Theme } from '@mui/material/styles';
import type { Lang } from '../i18n/i18n';
import { localePacks } from './locale-packs';

export const FONT_STACK = '"Noto Sans Myanmar", "Noto Sans SC", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", system-ui, sans-serif';

function createAppTheme(lang: Lang) {
  return createTheme(
    {
      // Warning darker than MUI's (#ed6c02, 3:1 on white): its text and outlines read at WCAG AA's 4.5:1.
      palette: { primary: { main: '#1f5fa8' }, secondary: { main: '#0f8a7e' }, warning: { main: '#b45309' }, background: { default: '#f3f5f8' } },
      typography: { fontFamily: FONT_STACK, fontSize: 13 },
      shape: { borderRadius: 6 },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { size: 'small' } },
      },
    },
    ...localePacks(lang),
  );
}

const themes = new Map<Lang, { [THEME_ID]: Theme }>();

/**
 * The theme of a language, made once (the server renders every page with it), scoped to
 * Material (THEME_ID). Unscoped, MUI's ThemeProvider hands its children a merged copy of the
 * theme on every mount, so each page rendered with a new theme object and every style MUI
 * memoises on the theme (about two hundred serialisations a page) was made again.
 */
export function appTheme(lang: Lang) {
  let theme = themes.get(lang);
  if (!theme) themes.set(lang, (theme = { [THEME_ID]: createAppTheme(lang) }));
  return theme;
}
