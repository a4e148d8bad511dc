// The plugin registry validates what plugins declare, and the route manifest mounts their
// routes under the two layouts.
import { describe, expect, it } from 'vitest';
import system from '../plugins/system/index';
import partnerExample from '../examples/partner-plugin/index';
import { definePlugin, pluginRouteManifest, type PortPlugin } from './plugin';
import { createRegistry } from './registry.server';

const plugin = (over: Partial<PortPlugin> & { id: string }): PortPlugin => definePlugin({ root: `plugins/${over.id}`, ...over });

describe('createRegistry', () => {
  it('puts core first, then the plugins in the order given', () => {
    const r = createRegistry([system, partnerExample]);
    expect(r.plugins.map((p) => p.id)).toEqual(['core', 'system', 'partner-hello']);
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

  it('rejects a plugin id that is not lower-case kebab', () => {
    expect(() => definePlugin({ id: 'Partner_X', root: 'x' })).toThrow(/must match/);
  });

  it('exposes one locale namespace per plugin and services by full name', () => {
    const svc = plugin({ id: 'svc', services: { greet: () => 'hi', 'other.thing': 1 } });
    const r = createRegistry([system, partnerExample, svc]);
    expect(Object.keys(r.locales('en'))).toEqual(['core', 'system', 'partner-hello']);
    expect(r.service<() => string>('svc.greet')()).toBe('hi');
    expect(r.service('other.thing')).toBe(1);
    expect(() => r.service('svc.missing')).toThrow(/no plugin provides service svc\.missing/);
  });
});

describe('pluginRouteManifest', () => {
  it('mounts the partner screen under the main layout and its print view under the bare one', () => {
    const m = pluginRouteManifest([system, partnerExample]);
    expect(m['partner-hello/routes/hello']).toEqual({
      id: 'partner-hello/routes/hello',
      parentId: 'routes/_main',
      path: 'partner/hello',
      index: undefined,
      file: '../examples/partner-plugin/routes/hello.tsx',
    });
    expect(m['partner-hello/routes/print']).toMatchObject({ parentId: 'routes/_bare', path: 'partner/print', file: '../examples/partner-plugin/routes/print.tsx' });
    expect(m['system/routes/log']).toMatchObject({ parentId: 'routes/_main', path: 'management/log', file: '../plugins/system/routes/log.tsx' });
  });

  it('has no partner routes when the plugin is not listed', () => {
    const m = pluginRouteManifest([system]);
    // exactly the system plugin's declared routes (the list grows with the plugin), nothing else
    const declared = system.routes!.map((r) => `system/${r.file.replace(/\.tsx?$/, '')}`).sort();
    expect(Object.keys(m).sort()).toEqual(declared);
    expect(Object.keys(m)).toEqual(expect.arrayContaining(['system/routes/job', 'system/routes/jobLog', 'system/routes/log', 'system/routes/user', 'system/routes/refCode']));
    expect(m['system/routes/job']).toMatchObject({ parentId: 'routes/_main', path: 'management/systemMaintenance/job' });
    expect(Object.keys(m).some((k) => k.startsWith('partner-hello/'))).toBe(false);
  });

  it('points every route file at a file that exists', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    for (const e of Object.values(pluginRouteManifest([system, partnerExample]))) {
      expect(fs.existsSync(path.resolve('app', e.file)), e.file).toBe(true);
    }
  });

  it('mounts an index route without a path', () => {
    const idx = plugin({ id: 'idx', routes: [{ path: 'idx', file: 'routes/home.tsx', index: true }] });
    expect(pluginRouteManifest([idx])['idx/routes/home']).toMatchObject({ index: true, path: undefined, parentId: 'routes/_main' });
  });
});
