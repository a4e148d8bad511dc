// The main layout's loader: a session is needed, and a URL belonging to a menu the user was
// not granted is refused with 403 on the server (not only hidden in the sidebar).
import { describe, expect, it } from 'vitest';
import { location, req, respond, run } from '../../tests/support/http';
import { loginAs } from '../../tests/support/session';
import { setUpTestDb } from '../../tests/support/suite';
import type { MenuItem } from '@core/rbac/menu';
import { loader as mainLoader } from './_main';
import { loader as bareLoader } from './_bare';
import { loader as dashboardLoader } from './_main.dashboard';
import { TRADER_LANDING } from '../landing.server';

const db = setUpTestDb({ logins: ['admin', 'operator', 'trader'] });
const { cookies } = db;

interface MainData {
  user: { username: string; userType: number; roles: { roleCode: string }[] };
  menus: MenuItem[];
  badges: unknown[];
  sidebarOpen: boolean;
  welcome: boolean;
}

const open = (path: string, cookie?: string, extra = '') => run(mainLoader, req(path, { cookie: cookie ? cookie + extra : undefined }));

describe('_main layout loader', () => {
  it('sends a visitor without a session to /login', async () => {
    const res = await respond(mainLoader, req('/management/log'));
    expect(location(res)).toBe('/login');
  });

  it('refuses the trader (403) on /management/log, a menu path not granted to it', async () => {
    const { res } = await open('/management/log', cookies.trader);
    expect(res?.status).toBe(403);
  });

  it('refuses the trader on a sub-path of a menu entry too', async () => {
    const { res } = await open('/management/systemMaintenance/job/details', cookies.trader);
    expect(res?.status).toBe(403);
  });

  it('refuses a user whose roles lost the menu grant since signing in', async () => {
    const role = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    const granted = await db.knex('sys_role_menu').where({ role_id: role.id, menu_key: 'management.log' }).first();
    expect(granted).toBeDefined();
    await db.knex('sys_role_menu').where({ role_id: role.id, menu_key: 'management.log' }).delete();
    try {
      expect((await open('/management/log', cookies.operator)).res?.status).toBe(403);
    } finally {
      await db.knex('sys_role_menu').insert({ role_id: role.id, menu_key: 'management.log' });
    }
  });

  it('lets the operator (PTGL, granted) open /management/log with its menus', async () => {
    const { res, data } = await open('/management/log', cookies.operator);
    expect(res).toBeNull();
    const d = data as MainData;
    expect(d.user.username).toBe('operator');
    expect(d.menus.map((m) => m.key)).toContain('management');
    // 基础数据 holds only what PTGL is granted of it (the portal's display information), not the system data.
    const dataBase = d.menus.find((m) => m.key === 'dataBase');
    expect(dataBase?.children?.map((c) => c.key)).toEqual(['dataBase.displayInformation']);
  });

  it('lets the admin open the hidden job log page', async () => {
    const { res, data } = await open('/management/systemMaintenance/jobLog', cookies.admin);
    expect(res).toBeNull();
    const mgmt = (data as MainData).menus.find((m) => m.key === 'management')!;
    const maint = mgmt.children.find((c) => c.key === 'management.systemMaintenance')!;
    expect(maint.children.map((c) => c.key)).toContain('management.jobLog');
    expect(maint.children.find((c) => c.key === 'management.jobLog')!.hidden).toBe(true);
  });

  it('lets the trader open its landing page and /dashboard, with only its granted menus', async () => {
    for (const path of ['/unifiedSettlement/settlementManage', '/dashboard']) {
      const { res, data } = await open(path, cookies.trader);
      expect(res, path).toBeNull();
      expect((data as MainData).menus.map((m) => m.key)).not.toContain('management');
      expect((data as MainData).user.userType).toBe(4);
    }
  });

  it('welcomes once: the first page after login has welcome, the next does not', async () => {
    const cookie = await loginAs('broker');
    expect(((await open('/dashboard', cookie)).data as MainData).welcome).toBe(true);
    expect(((await open('/dashboard', cookie)).data as MainData).welcome).toBe(false);
  });

  it('keeps the welcome for the trader’s landing page: /dashboard sends it to settlement, where the banner shows once', async () => {
    const cookie = await loginAs('trader');
    expect(location(await respond(dashboardLoader, req('/dashboard', { cookie })))).toBe(TRADER_LANDING);
    expect(((await open('/dashboard', cookie)).data as MainData).welcome).toBe(true);
    expect(((await open(TRADER_LANDING, cookie)).data as MainData).welcome).toBe(true);
    expect(((await open(TRADER_LANDING, cookie)).data as MainData).welcome).toBe(false);
  });

  it('reads the sidebarStatus cookie: 0 closes the sidebar, anything else leaves it open', async () => {
    expect(((await open('/dashboard', cookies.admin, '; sidebarStatus=0')).data as MainData).sidebarOpen).toBe(false);
    expect(((await open('/dashboard', cookies.admin, '; sidebarStatus=1')).data as MainData).sidebarOpen).toBe(true);
    expect(((await open('/dashboard', cookies.admin)).data as MainData).sidebarOpen).toBe(true);
  });
});

describe('_bare layout loader', () => {
  it('needs a session', async () => {
    expect(location(await respond(bareLoader, req('/partner/print')))).toBe('/login');
    const { res, data } = await run(bareLoader, req('/partner/print', { cookie: cookies.trader }));
    expect(res).toBeNull();
    expect(data).toEqual({ nickname: '贸易商演示' });
  });
});
