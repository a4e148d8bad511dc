import { describe, expect, it } from 'vitest';
import type { NavItem } from '../rbac/menu';
import { createI18n, setI18nSource, type Lang, type Resources } from '../i18n/i18n';
import { pageTitle, titleMeta } from './pageTitle';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';

const item = (key: string, path: string, titleKey: string, children: NavItem[] = []): NavItem => ({ key, path, titleKey, children });
const menus = [item('g', '/sys', 'core:menu.dashboard', [item('leaf', '/sys/thing', 'core:login.submit')])];
const resources = { zh: { core: zh }, en: { core: en }, my: { core: my } };

/** What titleMeta does with the language's instance. */
function translator(lang: Lang, res: Resources = resources) {
  const i18n = createI18n(lang, res);
  return (key: string) => (i18n.exists(key) ? i18n.t(key) : undefined);
}

describe('page titles', () => {
  it('name the current menu leaf and the app in the user language', () => {
    expect(pageTitle({ tr: translator('zh'), menus, pathname: '/sys/thing' })).toBe(`${zh.login.submit} · ${zh.app.name}`);
    expect(pageTitle({ tr: translator('en'), menus, pathname: '/sys/thing/' })).toBe(`${en.login.submit} · ${en.app.name}`);
    expect(pageTitle({ tr: translator('my'), menus, pathname: '/sys/thing' })).toBe(`${my.login.submit} · ${my.app.name}`);
  });

  it('title the dashboard and the login page, which are outside the menu tree, and fall back to the app name', () => {
    expect(pageTitle({ tr: translator('en'), menus: null, pathname: '/dashboard' })).toBe(`${en.menu.dashboard} · ${en.app.name}`);
    expect(pageTitle({ tr: translator('my'), pathname: '/login' })).toBe(`${my.login.submit} · ${my.app.name}`);
    expect(pageTitle({ tr: translator('en'), pathname: '/nowhere' })).toBe(en.app.name);
    expect(pageTitle({ tr: translator('en'), pathname: '/nowhere', status: 404 })).toBe(`404 · ${en.app.name}`);
  });

  it('fall back to Chinese for a key the language lacks', () => {
    expect(pageTitle({ tr: translator('en', { zh: { core: zh }, en: { core: {} } }), pathname: '/dashboard' })).toBe(`${zh.menu.dashboard} · ${zh.app.name}`);
  });
});

describe('the route meta', () => {
  it('reads the language from the root match and the menus from the layout match', () => {
    setI18nSource((lang) => createI18n(lang, resources));
    const matches = [
      { id: 'root', data: { lang: 'en' } },
      { id: 'routes/_main', data: { menus } },
    ];
    expect(titleMeta({ matches, location: { pathname: '/sys/thing' } })).toEqual([{ title: `${en.login.submit} · ${en.app.name}` }]);
    expect(titleMeta({ matches: matches.slice(0, 1), location: { pathname: '/sys/thing' } })).toEqual([{ title: en.app.name }]);
    expect(titleMeta({ matches, location: { pathname: '/sys/thing' }, error: { status: 403 } })).toEqual([{ title: `403 · ${en.app.name}` }]);
  });
});
