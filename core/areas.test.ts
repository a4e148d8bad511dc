// flattenPlugin: a plugin's areas are folded into it (the plugin's own parts first, then each
// area's in area order), checked on the way: nothing is dropped and nothing unknown passes.
import { describe, expect, it } from 'vitest';
import { flattenPlugin } from './areas';
import { definePlugin, type PluginArea } from './plugin';
import { defineLookup } from './resource/lookups.server';

const plugin = (areas: PluginArea[], own: Partial<Parameters<typeof definePlugin>[0]> = {}) => definePlugin({ id: 'demo', root: 'plugins/demo', areas, ...own });

describe('flattenPlugin', () => {
  it('runs the areas’ OpenAPI additions after the plugin’s own, in area order, skipping areas without one', () => {
    const calls: string[] = [];
    const doc = (key: string) => (d: { paths: Record<string, unknown> }, t: (k: string) => string) => {
      calls.push(key);
      d.paths[`/api/${key}`] = { get: { summary: t(`x:${key}`) } };
    };
    const { openapi } = flattenPlugin(plugin([{ key: 'b', openapi: doc('b') }, { key: 'none' }, { key: 'a', openapi: doc('a') }], { openapi: doc('own') }));
    const out = { paths: {} as Record<string, unknown>, schemas: {} };
    openapi!(out, (k) => k.toUpperCase());
    expect(calls).toEqual(['own', 'b', 'a']);
    expect(out.paths).toEqual({ '/api/own': { get: { summary: 'X:OWN' } }, '/api/b': { get: { summary: 'X:B' } }, '/api/a': { get: { summary: 'X:A' } } });
  });

  it('lists the plugin’s parts, then each area’s, marks area grants with the area and nests area texts under its key', () => {
    const seed = (name: string) => ({ name, run: async () => undefined });
    const job = (name: string) => ({ name, titleKey: 'demo:job', exclusive: false, catchUp: false, process: async () => undefined });
    const badge = (key: string) => ({ key, titleKey: 'demo:badge', icon: 'Mail', count: async () => 0 });
    const lookup = defineLookup({ open: true }, async () => []);
    const p = flattenPlugin(
      plugin(
        [
          { key: 'one', seeds: [seed('one')], jobs: [job('demo.one')], badges: [badge('one')], grants: [{ role: 'PTGL', menus: ['demo'] }], lookups: { first: lookup }, locales: { zh: { t: '一' }, en: { t: 'one' }, my: { t: 'တစ်' } } },
          { key: 'two', seeds: [seed('two')], services: { greet: () => 'hi' } },
        ],
        { seeds: [seed('own')], grants: [{ role: '0', menus: ['demo'] }], locales: { zh: { name: '演示' }, en: { name: 'Demo' }, my: { name: 'ဒီမို' } } },
      ),
    );
    expect(p.areas).toBeUndefined();
    expect(p.seeds!.map((s) => s.name)).toEqual(['own', 'one', 'two']);
    expect(p.jobs!.map((j) => j.name)).toEqual(['demo.one']);
    expect(p.badges!.map((b) => b.key)).toEqual(['one']);
    expect(p.grants).toEqual([{ role: '0', menus: ['demo'] }, { role: 'PTGL', menus: ['demo'], source: 'one' }]);
    expect(Object.keys(p.lookups!)).toEqual(['first']);
    expect(Object.keys(p.services!)).toEqual(['greet']);
    expect(p.locales!.en).toEqual({ name: 'Demo', one: { t: 'one' } });
  });

  it('refuses what it would otherwise drop or overwrite', () => {
    const stray = { key: 'x', receiptTargets: [] } as PluginArea;
    expect(() => flattenPlugin(plugin([stray]))).toThrow(/plugin demo, area x: unknown key "receiptTargets"/);
    expect(() => flattenPlugin(plugin([{ key: 'x' }, { key: 'x' }]))).toThrow(/area x is listed twice/);
    const lookup = defineLookup({ open: true }, async () => []);
    expect(() => flattenPlugin(plugin([{ key: 'a', lookups: { l: lookup } }, { key: 'b', lookups: { l: lookup } }]))).toThrow(/lookup l is declared twice/);
    const texts = { zh: { a: 'x' }, en: { a: 'x' }, my: { a: 'x' } };
    expect(() => flattenPlugin(plugin([{ key: 'a', locales: texts }], { locales: texts }))).toThrow(/would replace the plugin's own demo:a/);
  });
});
