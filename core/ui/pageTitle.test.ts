import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../rbac/menu';
import { pageTitle, titleMeta } from './pageTitle';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';

const item = (key: string, path: string, titleKey: string, children: MenuItem[] = []): MenuItem => ({ key, parentKey: null, path, titleKey, icon: null, permission: null, hidden: false, order: 0, children });
const menus = [item('g', '/sys', 'core:menu.dashboard', [item('leaf', '/sys/thing', 'core:login.submit')])];
const resources = { zh: { core: zh }, en: { core: en }, my: { core: my } };

describe('page titles', () => {
  it('name the current menu leaf and the app in the user language', () => {
    expect(pageTitle({ lang: 'zh', resources, menus, pathname: '/sys/thing' })).toBe(`${zh.login.submit} · ${zh.app.name}`);
    expect(pageTitle({ lang: 'en', resources, menus, pathname: '/sys/thing/' })).toBe(`${en.login.submit} · ${en.app.name}`);
    expect(pageTitle({ lang: 'my', resources, menus, pathname: '/sys/thing' })).toBe(`${my.login.submit} · ${my.app.name}`);
  });

  it('title the dashboard and the login page, which are outside the menu tree, and fall back to the app name', () => {
    expect(pageTitle({ lang: 'en', resources, menus: null, pathname: '/dashboard' })).toBe(`${en.menu.dashboard} · ${en.app.name}`);
    expect(pageTitle({ lang: 'my', resources, pathname: '/login' })).toBe(`${my.login.submit} · ${my.app.name}`);
    expect(pageTitle({ lang: 'en', resources, pathname: '/nowhere' })).toBe(en.app.name);
    expect(pageTitle({ lang: 'en', resources, pathname: '/nowhere', status: 404 })).toBe(`404 · ${en.app.name}`);
  });

  it('fall back to Chinese for a key the language lacks', () => {
    expect(pageTitle({ lang: 'en', resources: { zh: { core: zh }, en: { core: {} } }, pathname: '/dashboard' })).toBe(`${zh.menu.dashboard} · ${zh.app.name}`);
  });
});

describe('the route meta', () => {
  it('reads the language from the root match and the menus from the layout match', () => {
    const matches = [
      { id: 'root', data: { lang: 'en', resources } },
      { id: 'routes/_main', data: { menus } },
    ];
    expect(titleMeta({ matches, location: { pathname: '/sys/thing' } })).toEqual([{ title: `${en.login.submit} · ${en.app.name}` }]);
    expect(titleMeta({ matches: matches.slice(0, 1), location: { pathname: '/sys/thing' } })).toEqual([{ title: en.app.name }]);
    expect(titleMeta({ matches, location: { pathname: '/sys/thing' }, error: { status: 403 } })).toEqual([{ title: `403 · ${en.app.name}` }]);
  });
});
