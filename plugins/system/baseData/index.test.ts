// The base-data area as the registry takes it in: screens under dataBase.systemData with their
// permissions, texts in three languages, the seed data, the lookups, and the server refusing
// users without the permissions.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../core/plugin';
import { envelope, req, respond, run } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { loader as lookupLoader } from '../../../app/routes/api.lookup.$name';
import { systemMigrations } from '../migrations';
import { loader as screenPage } from '../../../app/screen';
import { apiAs, idOf, setUpBaseData } from './testing';
import { baseDataArea } from './index';

const { db, admin } = setUpBaseData();

const NAMES = ['country', 'cfdGood', 'portData', 'yard', 'berth', 'route', 'region', 'ShippingAddress'];

describe('what the bundle declares', () => {
  it('puts eight leaves under dataBase.systemData, after refCodeType and refCode', () => {
    const systemData = (db.registry.menus.find((m) => m.key === 'dataBase')?.children ?? []).find((m) => m.key === 'dataBase.systemData') as MenuNode;
    expect(systemData.children!.map((m) => [m.key, m.path])).toEqual([
      ['dataBase.country', '/dataBase/systemData/countries'],
      ['dataBase.cfdGood', '/dataBase/systemData/cfdGood'],
      ['dataBase.portData', '/dataBase/systemData/portData'],
      ['dataBase.yard', '/dataBase/systemData/yard'],
      ['dataBase.berth', '/dataBase/systemData/berth'],
      ['dataBase.route', '/dataBase/systemData/route'],
      ['dataBase.region', '/dataBase/systemData/province'],
      ['dataBase.ShippingAddress', '/dataBase/systemData/ShippingAddress'],
    ]);
    expect(Math.min(...baseDataArea.screens!.map((s) => s.menu?.order ?? 0))).toBeGreaterThanOrEqual(30);
  });

  it('has list (mandatory), add, edit and remove per screen, matching what each resource checks', () => {
    const own = db.registry.permissions.filter((p) => NAMES.some((name) => p.code.startsWith(`system:${name}:`)));
    expect(own).toHaveLength(32);
    for (const name of NAMES) {
      const sr = baseDataArea.resources!.find((r) => r.def.name === name)!;
      const perms = own.filter((p) => p.code.startsWith(`system:${name}:`));
      expect(perms.map((p) => [p.code, p.menu, !!p.mandatory])).toEqual([
        [`system:${name}:list`, sr.def.menu, true],
        [`system:${name}:add`, sr.def.menu, false],
        [`system:${name}:edit`, sr.def.menu, false],
        [`system:${name}:remove`, sr.def.menu, false],
      ]);
      expect(sr.def.permissions).toMatchObject({ list: perms[0].code, create: perms[1].code, update: perms[2].code, delete: perms[3].code });
    }
  });

  it('has a route file for every screen with its own page, relative to the plugin root', () => {
    for (const s of baseDataArea.screens!) if (s.file) expect(fs.existsSync(path.join(__dirname, '..', s.file)), s.file).toBe(true);
    expect(baseDataArea.screens!.map((s) => s.path)).toContain('dataBase/systemData/province');
  });

  it('sorts its migrations after the system plugin’s own', () => {
    const names = [...systemMigrations, ...baseDataArea.migrations!].map((m) => m.name);
    expect([...names].sort()).toEqual(names);
  });

  it('has every text it refers to in zh, en and my', () => {
    const keys = new Set<string>();
    for (const s of baseDataArea.screens!) keys.add(s.menu?.titleKey ?? s.resource.titleKey);
    for (const { def } of baseDataArea.resources!) {
      keys.add(def.titleKey);
      for (const f of def.fields) {
        keys.add(f.labelKey);
        for (const o of f.options ?? []) keys.add(o.labelKey);
      }
    }
    const lookup = (bundle: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], bundle);
    for (const lang of ['zh', 'en', 'my'] as const) {
      const missing = [...keys].filter((k) => k.startsWith('system:baseData.') && typeof lookup(baseDataArea.locales![lang], k.slice('system:baseData.'.length)) !== 'string');
      expect(missing, lang).toEqual([]);
    }
    expect([...keys].every((k) => k.startsWith('system:baseData.'))).toBe(true);
  });
});

describe('the seed data', () => {
  it('has ~30 countries with Chinese, English and Burmese names', async () => {
    const rows = await db.knex('sys_country').select('code', 'name_zh', 'name_en', 'name_my');
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.find((r: { code: string }) => r.code === 'MM')).toMatchObject({ name_zh: '缅甸', name_en: 'Myanmar', name_my: 'မြန်မာ' });
    expect(rows.every((r: { name_my: string }) => /[\u1000-\u109F]/.test(r.name_my))).toBe(true);
  });

  it('has the corridor’s ports, Yunnan with its 16 prefectures and Dehong’s counties', async () => {
    expect(await db.knex('sys_port').whereIn('code', ['CNKMG', 'CNRUI', 'CNWDG', 'CNQSH', 'MMRGN', 'MMMDL', 'MMMSE', 'MMKYP', 'MMLSH', 'CNSHA', 'CNCAN']).count({ n: '*' }).first()).toMatchObject({
      n: 11,
    });
    expect(await db.knex('sys_region').where({ parent_code: '530000', level: 'city' }).count({ n: '*' }).first()).toMatchObject({ n: 16 });
    const dehong = await db.knex('sys_region').where({ parent_code: '533100' }).orderBy('code').select('code', 'name');
    expect(dehong.slice(0, 2)).toEqual([
      { code: '533102', name: '瑞丽市' },
      { code: '533103', name: '芒市' },
    ]);
  });

  it('only holds rows the resources’ own rules accept (parents exist, addresses cascade)', async () => {
    const orphans = await db.knex('sys_region as r').leftJoin('sys_region as p', 'p.code', 'r.parent_code').whereNotNull('r.parent_code').whereNull('p.id').count({ n: '*' }).first();
    expect(orphans).toMatchObject({ n: 0 });
    const bad = await db
      .knex('sys_shipping_address as a')
      .leftJoin('sys_region as c', 'c.code', 'a.city_code')
      .leftJoin('sys_region as k', 'k.code', 'a.county_code')
      .where((w) => w.whereRaw('c.parent_code <> a.province_code').orWhereRaw('k.parent_code <> a.city_code'))
      .count({ n: '*' })
      .first();
    expect(bad).toMatchObject({ n: 0 });
  });
});

describe('lookups', () => {
  const lookup = async (name: string, cookie: string) =>
    (await envelope(await respond(lookupLoader, req(`/api/lookup/${name}`, { cookie }), { name }))).data as { value: string; label: string; parent?: string | null }[];

  it('offers cities with their province and counties with their city, for cascading pickers', async () => {
    const cookie = await loginAs('admin');
    const provinces = await lookup('system.provinces', cookie);
    expect(provinces.find((o) => o.value === '530000')).toMatchObject({ label: '云南省', parent: null });
    const cities = await lookup('system.cities', cookie);
    expect(cities.filter((o) => o.parent === '530000')).toHaveLength(16);
    const counties = await lookup('system.counties', cookie);
    expect(counties.filter((o) => o.parent === '533100').map((o) => o.label)).toEqual(['瑞丽市', '芒市', '梁河县', '盈江县', '陇川县']);
  });

  it('offers countries and ports by code', async () => {
    const cookie = await loginAs('admin');
    expect((await lookup('system.countries', cookie)).find((o) => o.value === 'MM')).toMatchObject({ label: 'MM 缅甸 / Myanmar' });
    expect((await lookup('system.ports', cookie)).find((o) => o.value === 'CNRUI')).toMatchObject({ label: 'CNRUI 瑞丽 / Ruili', parent: 'CN' });
  });

  it('offers goods (with their English and Burmese names), yards and berths (under their port) by code', async () => {
    const cookie = await loginAs('admin');
    expect((await lookup('system.goods', cookie)).find((o) => o.value === 'G005')).toMatchObject({ label: 'G005 天然橡胶', labels: { en: 'G005 Natural rubber', my: 'G005 သဘာဝရော်ဘာ' } });
    expect((await lookup('system.yards', cookie)).find((o) => o.value === 'RL-Y01')).toMatchObject({ label: 'RL-Y01 姐告国际货运堆场', parent: 'CNRUI' });
    expect((await lookup('system.berths', cookie)).find((o) => o.value === 'RGN-B01')).toMatchObject({ label: 'RGN-B01 仰光港1号泊位', parent: 'MMRGN' });
  });
});

describe('permissions', () => {
  it('refuses a trader (no base-data permission) every list, add, edit and delete with 403', async () => {
    const trader = apiAs(await loginAs('trader'));
    for (const name of NAMES) {
      for (const res of [await trader.list(name), await trader.create(name, {}), await trader.update(name, 1, { version: 1 }), await trader.remove(name, [1])]) {
        expect(res.status, name).toBe(403);
        expect(res.code, name).toBe(403);
      }
    }
    expect(await db.knex('sys_country').where({ id: 1 }).first()).toBeTruthy();
  });

  it('refuses the trader the screens too', async () => {
    const { res } = await run(screenPage, req('/dataBase/systemData/province', { cookie: await loginAs('trader') }));
    expect(res?.status).toBe(403);
  });

  it('lets a user with only the list permission read but not write', async () => {
    const roleId = (await db.knex('sys_role').where({ code: '0' }).first()).id;
    await db.knex('sys_role_menu').insert({ role_id: roleId, menu_key: 'dataBase.portData' });
    await db.knex('sys_role_permission').insert({ role_id: roleId, permission_code: 'system:portData:list' });
    const trader = apiAs(await loginAs('trader'));
    expect((await trader.list('portData')).code).toBe(200);
    const id = await idOf(db, 'sys_port', { code: 'CNWDG' });
    expect((await trader.get('portData', id)).code).toBe(200);
    expect((await trader.create('portData', { code: 'MMZZZ' })).status).toBe(403);
    expect((await trader.remove('portData', [id])).status).toBe(403);
    expect((await trader.list('yard')).status).toBe(403);
  });

  it('gives a screen its pickers in the user’s language where the table has it', async () => {
    const cookie = await loginAs('admin');
    const myanmar = async (lng: string) => {
      const { data } = await run(screenPage, req(`/dataBase/systemData/portData?lng=${lng}`, { cookie }));
      return (data as { lookups: Record<string, { value: string }[]> }).lookups['system.countries'].find((o) => o.value === 'MM');
    };
    expect(await myanmar('zh')).toEqual({ value: 'MM', label: 'MM 缅甸 / Myanmar' });
    expect(await myanmar('en')).toEqual({ value: 'MM', label: 'MM Myanmar' });
    expect(await myanmar('my')).toEqual({ value: 'MM', label: 'MM မြန်မာ' });
  });

  it('opens the address screen for the admin with the three region pickers loaded', async () => {
    const { res, data } = await run(screenPage, req('/dataBase/systemData/ShippingAddress', { cookie: await loginAs('admin') }));
    expect(res).toBeNull();
    const page = data as { result: { rows: unknown[] }; lookups: Record<string, unknown[]>; can: { create: boolean } };
    expect(page.result.rows.length).toBeGreaterThan(0);
    expect(Object.keys(page.lookups).sort()).toEqual(['system.cities', 'system.counties', 'system.provinces']);
    expect(page.can.create).toBe(true);
    expect((await admin.list('ShippingAddress')).code).toBe(200);
  });
});
