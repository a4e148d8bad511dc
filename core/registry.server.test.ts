// The plugin registry validates what plugins declare (their areas flattened in), derives each
// declared screen's menu leaf and permissions, and the route manifest mounts their routes under
// the two layouts and their screens on the generic screen module.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import system from '../plugins/system/index';
import customs from '../plugins/customs/index';
import finance from '../plugins/finance/index';
import portOps from '../plugins/port-ops/index';
import contracts from '../plugins/contracts';
import portal from '../plugins/portal';
import partnerExample from '../examples/partner-plugin/index';
import { flattenPlugin } from './areas';
import { definePlugin, pluginRouteManifest, type PluginArea, type PortPlugin } from './plugin';
import { defineResource, type ResourceDef } from './resource/define';
import { serverResource } from './resource/define.server';
import { defineLookup } from './resource/lookups.server';
import { createRegistry } from './registry.server';

const plugin = (over: Partial<PortPlugin> & { id: string }): PortPlugin => definePlugin({ root: `plugins/${over.id}`, ...over });

describe('createRegistry', () => {
  it('puts core first, then the plugins in the order given', () => {
    const r = createRegistry([system, partnerExample]);
    expect(r.plugins.map((p) => p.id)).toEqual(['core', 'system', 'partner']);
  });

  it('rejects a plugin listed twice', () => {
    expect(() => createRegistry([system, system])).toThrow(/plugin system is listed twice/);
    expect(() => createRegistry([plugin({ id: 'a' }), plugin({ id: 'a' })])).toThrow(/listed twice/);
  });

  it('rejects a permission code declared twice, even by different plugins', () => {
    const clash = plugin({ id: 'clash', permissions: [{ code: 'system:log:list', titleKey: 'clash:x' }] });
    expect(() => createRegistry([system, clash])).toThrow(/duplicate permission system:log:list/);
    const self = plugin({
      id: 'self',
      permissions: [
        { code: 'self:a', titleKey: 'self:a' },
        { code: 'self:a', titleKey: 'self:b' },
      ],
    });
    expect(() => createRegistry([self])).toThrow(/duplicate permission self:a/);
  });

  it('rejects a permission naming an unknown menu', () => {
    const bad = plugin({ id: 'bad', permissions: [{ code: 'bad:view', titleKey: 'bad:view', menu: 'no.such.menu' }] });
    expect(() => createRegistry([system, bad])).toThrow(/permission bad:view names unknown menu no\.such\.menu/);
    // the same permission pointing at another plugin's menu is fine
    const ok = plugin({ id: 'ok', permissions: [{ code: 'ok:view', titleKey: 'ok:view', menu: 'management.log' }] });
    expect(createRegistry([system, ok]).permissions.map((p) => p.code)).toContain('ok:view');
  });

  it('rejects a duplicate menu leaf and a duplicate job name', () => {
    const leaf = plugin({ id: 'leaf', menus: [{ key: 'management.log', path: '/x', titleKey: 'leaf:x' }] });
    expect(() => createRegistry([system, leaf])).toThrow(/duplicate menu key management\.log/);
    const job = { name: 'core.sessionCleanup', titleKey: 'x:y', exclusive: false, catchUp: false, process: async () => undefined };
    expect(() => createRegistry([plugin({ id: 'jobs', jobs: [job] })])).toThrow(/duplicate job core\.sessionCleanup/);
  });

  it('merges a group two plugins declare, ordering children by order', () => {
    const extra = plugin({
      id: 'extra',
      menus: [{ key: 'management', path: '/management', titleKey: 'extra:g', children: [{ key: 'management.extra', path: '/management/extra', titleKey: 'extra:x', order: 15 }] }],
      locales: { zh: { x: '额外' }, en: { x: 'Extra' }, my: { x: 'အပို' } },
    });
    const r = createRegistry([system, extra]);
    const mgmt = r.menus.find((m) => m.key === 'management')!;
    // system's children are ordered 10 (user), 20 (userGroup), 30 (systemMaintenance), 40 (log); extra's 15 slots in.
    expect(mgmt.children!.map((c) => c.key)).toEqual(['management.user', 'management.extra', 'management.userGroup', 'management.systemMaintenance', 'management.log']);
    expect(mgmt.titleKey).toBe('system:menu.management');
    // nested subgroups keep their own children, in order: the job entries sit under systemMaintenance
    const maint = mgmt.children!.find((c) => c.key === 'management.systemMaintenance')!;
    expect(maint.children!.map((c) => c.key)).toEqual(['management.menu', 'management.job', 'management.jobLog', 'management.apiToken']);
    expect(maint.children!.find((c) => c.key === 'management.jobLog')!.hidden).toBe(true);
  });

  it('leaves out a group no screen hangs under, so that it never reaches the sidebar as a page', () => {
    const texts = { g: '组', sub: '子组' };
    const empty = plugin({
      id: 'empty',
      menus: [{ key: 'emptyGroup', path: '/emptyGroup', titleKey: 'empty:g', children: [{ key: 'emptyGroup.sub', path: '/emptyGroup/sub', titleKey: 'empty:sub', children: [] }] }],
      locales: { zh: texts, en: texts, my: texts },
    });
    const r = createRegistry([system, empty]);
    expect(r.menus.map((m) => m.key)).not.toContain('emptyGroup');
    expect(r.menus.map((m) => m.key)).toContain('management');
  });

  it('rejects a plugin id that is not lower-case kebab', () => {
    expect(() => definePlugin({ id: 'Partner_X', root: 'x' })).toThrow(/must match/);
  });

  it('exposes one locale namespace per plugin and services by full name', () => {
    const svc = plugin({ id: 'svc', services: { greet: () => 'hi', 'other.thing': 1 } });
    const r = createRegistry([system, partnerExample, svc]);
    expect(Object.keys(r.locales('en'))).toEqual(['core', 'system', 'partner']);
    expect(r.service<() => string>('svc.greet')()).toBe('hi');
    expect(r.service('other.thing')).toBe(1);
    expect(() => r.service('svc.missing')).toThrow(/no plugin provides service svc\.missing/);
  });
});

const SCREEN = { screenFile: 'screen.tsx' };

describe('pluginRouteManifest', () => {
  it('mounts the partner screen under the main layout and its print view under the bare one', () => {
    const m = pluginRouteManifest([system, partnerExample], SCREEN);
    expect(m['partner/routes/hello']).toEqual({
      id: 'partner/routes/hello',
      parentId: 'routes/_main',
      path: 'partner/hello',
      index: undefined,
      file: '../examples/partner-plugin/routes/hello.tsx',
    });
    expect(m['partner/routes/print']).toMatchObject({ parentId: 'routes/_bare', path: 'partner/print', file: '../examples/partner-plugin/routes/print.tsx' });
    expect(m['system/screen/management/log']).toMatchObject({ parentId: 'routes/_main', path: 'management/log', file: 'screen.tsx' });
  });

  it('has no partner routes when the plugin is not listed', () => {
    const m = pluginRouteManifest([system], SCREEN);
    // exactly the system plugin's declared routes and screens, its areas' included (the list grows with the plugin), nothing else
    const flat = flattenPlugin(system);
    const declared = [
      ...flat.routes!.map((r) => `system/${r.file.replace(/\.tsx?$/, '')}`),
      ...flat.screens!.map((s) => (s.file ? `system/${s.file.replace(/\.tsx?$/, '')}` : `system/screen/${s.path}`)),
    ].sort();
    expect(Object.keys(m).sort()).toEqual(declared);
    const screen = (path: string) => `system/screen/management/${path}`;
    expect(Object.keys(m)).toEqual(expect.arrayContaining([screen('systemMaintenance/job'), screen('systemMaintenance/jobLog'), screen('log'), screen('user'), 'system/screen/dataBase/systemData/refCode']));
    expect(m[screen('systemMaintenance/job')]).toMatchObject({ parentId: 'routes/_main', path: 'management/systemMaintenance/job' });
    expect(Object.keys(m).some((k) => k.startsWith('partner-hello/'))).toBe(false);
  });

  it('points every route file at a file that exists', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    for (const e of Object.values(pluginRouteManifest([system, partnerExample], SCREEN))) {
      expect(fs.existsSync(path.resolve('app', e.file)), e.file).toBe(true);
    }
  });

  it('mounts an index route without a path', () => {
    const idx = plugin({ id: 'idx', routes: [{ path: 'idx', file: 'routes/home.tsx', index: true }] });
    expect(pluginRouteManifest([idx], SCREEN)['idx/routes/home']).toMatchObject({ index: true, path: undefined, parentId: 'routes/_main' });
  });
});

describe('areas and screens', () => {
  const def = (over: Partial<ResourceDef> = {}) =>
    defineResource({
      plugin: 'demo',
      name: 'thing',
      table: 'demo_thing',
      titleKey: 'demo:thing.title',
      menu: 'demo.thing',
      fields: [{ name: 'name', labelKey: 'demo:thing.name', type: 'string', options: [] }],
      schema: () => z.object({}),
      permissions: { list: 'demo:thing:list', create: 'demo:thing:add', export: 'demo:thing:list' },
      stateMachine: {
        field: 'status',
        states: [{ value: 'new', labelKey: 'demo:thing.new' }],
        transitions: [{ name: 'close', labelKey: 'demo:thing.close', from: ['new'], to: 'new', permission: 'demo:thing:close', refusedKey: 'demo:thing.refused' }],
      },
      ...over,
    });
  const texts = { thing: { title: 'Thing', name: 'Name', new: 'New', close: 'Close', refused: 'No' }, menu: 'Demo' };
  const demo = (area: PluginArea, own: Partial<PortPlugin> = {}) =>
    plugin({ id: 'demo', menus: [{ key: 'demo', path: '/demo', titleKey: 'demo:menu', children: [] }], locales: { zh: texts, en: texts, my: texts }, areas: [area], ...own });

  it('takes every part of an area: grants, jobs, badges, lookups, services and resources reach the registry', () => {
    const thing = serverResource(def());
    const r = createRegistry([
      demo({
        key: 'things',
        resources: [thing],
        screens: [{ path: 'demo/thing', resource: thing.def, menu: { parent: 'demo', order: 5 } }],
        grants: [{ role: 'PTGL', menus: ['demo', 'demo.thing'], permissions: ['demo:thing:close'] }],
        jobs: [{ name: 'demo.tidy', titleKey: 'demo:menu', exclusive: false, catchUp: false, process: async () => undefined }],
        badges: [{ key: 'things', titleKey: 'demo:menu', icon: 'Mail', count: async () => 1 }],
        lookups: { things: defineLookup({ resource: 'demo.thing' }, async () => []) },
        services: { things: 42 },
      }),
    ]);
    expect(r.grants).toContainEqual({ plugin: 'demo', source: 'things', grant: { role: 'PTGL', menus: ['demo', 'demo.thing'], permissions: ['demo:thing:close'] } });
    expect(r.jobs.map((j) => j.name)).toContain('demo.tidy');
    expect(r.badges.map((b) => b.key)).toContain('things');
    expect(r.lookups.has('demo.things')).toBe(true);
    expect(r.service('demo.things')).toBe(42);
    expect(r.resources.get('demo.thing')).toBe(thing);
    expect(r.plugins.find((p) => p.id === 'demo')!.areas).toBeUndefined();
  });

  it('refuses an area key it does not know instead of dropping it', () => {
    expect(() => createRegistry([demo({ key: 'things', receiptTargets: [] } as PluginArea)])).toThrow(/plugin demo, area things: unknown key "receiptTargets"/);
  });

  it('derives a screen’s menu leaf and its permissions from the resource', () => {
    const thing = serverResource(def());
    const r = createRegistry([demo({ key: 'things', resources: [thing], screens: [{ path: 'demo/thing', resource: thing.def, menu: { parent: 'demo', order: 5, icon: 'Inbox' } }] })]);
    expect(r.menus.find((m) => m.key === 'demo')!.children).toEqual([{ key: 'demo.thing', path: '/demo/thing', titleKey: 'demo:thing.title', order: 5, icon: 'Inbox' }]);
    expect(r.permissions.filter((p) => p.code.startsWith('demo:'))).toEqual([
      { code: 'demo:thing:list', titleKey: 'core:resource.view', menu: 'demo.thing', mandatory: true },
      { code: 'demo:thing:add', titleKey: 'core:resource.add', menu: 'demo.thing' },
      { code: 'demo:thing:close', titleKey: 'demo:thing.close', menu: 'demo.thing' },
    ]);
    expect(r.owners.permissions.get('demo:thing:close')).toBe('demo');
    expect(r.owners.menus.get('demo.thing')).toBe('demo');
    expect(r.screens.get('/demo/thing')).toMatchObject({ plugin: 'demo', resource: thing });
  });

  it('lets a permission the plugin declares itself win over the derived one', () => {
    const thing = serverResource(def());
    const own = { code: 'demo:thing:close', titleKey: 'demo:menu', menu: 'demo' };
    const r = createRegistry([demo({ key: 'things', resources: [thing], permissions: [own], screens: [{ path: 'demo/thing', resource: thing.def, menu: { parent: 'demo' } }] })]);
    expect(r.permissions.filter((p) => p.code === 'demo:thing:close')).toEqual([own]);
  });

  it('stops at boot when a resource names a permission no plugin declares or derives', () => {
    const thing = serverResource(def());
    // Without a screen nothing derives the resource's permissions.
    expect(() => createRegistry([demo({ key: 'things', resources: [thing], menus: [{ key: 'demo.thing', path: '/demo/thing', titleKey: 'demo:thing.title' }] })])).toThrow(
      /plugin demo, resource demo\.thing: permission demo:thing:list is declared by no plugin/,
    );
  });

  it('stops at boot when a text a screen shows does not resolve in zh, en and my', () => {
    const missing = (over: Partial<ResourceDef>) => {
      const thing = serverResource(def(over));
      return () => createRegistry([demo({ key: 'things', resources: [thing], screens: [{ path: 'demo/thing', resource: thing.def, menu: { parent: 'demo' } }] })]);
    };
    expect(missing({ titleKey: 'demo:thing.nowhere' })).toThrow(/plugin demo, resource demo\.thing: text demo:thing\.nowhere does not resolve in zh/);
    expect(missing({ fields: [{ name: 'kind', labelKey: 'demo:thing.name', type: 'enum', options: [{ value: 'a', labelKey: 'demo:thing.a' }] }] })).toThrow(/resource demo\.thing: text demo:thing\.a does not resolve/);
    const thing = serverResource(def());
    const onlyZh = () =>
      createRegistry([
        demo({ key: 'things', resources: [thing], screens: [{ path: 'demo/thing', resource: thing.def, menu: { parent: 'demo' } }] }, { locales: { zh: texts, en: texts, my: { ...texts, thing: { ...texts.thing, close: undefined } } } }),
      ]);
    expect(onlyZh).toThrow(/resource demo\.thing: text demo:thing\.close does not resolve in my/);
    const menuTitle = () => createRegistry([demo({ key: 'things', resources: [thing], screens: [{ path: 'demo/thing', resource: thing.def, menu: { parent: 'demo', titleKey: 'demo:thing.menu' } }] })]);
    expect(menuTitle).toThrow(/menu demo\.thing: text demo:thing\.menu does not resolve in zh/);
  });

  it('keeps the menu keys and permission codes the seeded databases hold grants on', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const r = createRegistry([system, customs, finance, portOps, portal, contracts]);
    const granted = Object.values(JSON.parse(fs.readFileSync(path.join(__dirname, 'rbac', '__fixtures__', 'seeded-grants.json'), 'utf8')) as Record<string, { menus: string[]; permissions: string[] }>);
    const keys = new Set<string>();
    const walk = (nodes: typeof r.menus) => nodes.forEach((n) => (keys.add(n.key), walk(n.children ?? [])));
    walk(r.menus);
    expect(granted.flatMap((g) => g.menus).filter((k) => !keys.has(k))).toEqual([]);
    const codes = new Set(r.permissions.map((p) => p.code));
    expect(granted.flatMap((g) => g.permissions).filter((c) => !codes.has(c))).toEqual([]);
    // The code tables, now derived: the same codes under the same menus, list ticked with its menu.
    expect(r.permissions.filter((p) => p.code.startsWith('customs:hsCode:')).map((p) => [p.code, p.menu, !!p.mandatory])).toEqual([
      ['customs:hsCode:list', 'customsBase.hsCode', true],
      ['customs:hsCode:add', 'customsBase.hsCode', false],
      ['customs:hsCode:edit', 'customsBase.hsCode', false],
      ['customs:hsCode:remove', 'customsBase.hsCode', false],
    ]);
  });
});
