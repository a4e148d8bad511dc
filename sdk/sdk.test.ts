// The widget package: its build (ESM with React left to the host, one script bundle under the
// 150 KB gzipped budget with PortWidgets.mount and the custom elements), the message form's
// checks that mirror the server's, and the three languages' texts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, translator } from './src/i18n';
import { addFiles, checkFields } from './src/messageRules';

const ROOT = path.resolve(__dirname, '..');
let out = '';
let log = '';

function build(mode?: string) {
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '-c', 'sdk/vite.config.ts', ...(mode ? ['--mode', mode] : [])], { cwd: ROOT, env: { ...process.env, SDK_OUT_DIR: out }, encoding: 'utf8' });
  log += r.stdout + r.stderr;
  if (r.status !== 0) throw new Error(`vite build ${mode ?? ''} failed:\n${log}`);
}

describe('the build (npm run build:sdk)', () => {
  beforeAll(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'port-sdk-'));
    build();
    build('iife');
  }, 120_000);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it('makes an ESM build that imports React from the host and nothing else', () => {
    const esm = fs.readFileSync(path.join(out, 'index.js'), 'utf8');
    const imports = [...esm.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['react/jsx-runtime', 'react', 'react-dom/client']));
    for (const name of ['NewsWidget', 'MessageFormWidget', 'SettlementStatusWidget', 'mount', 'defineElements']) expect(esm).toMatch(new RegExp(`export \\{[^}]*\\b${name}\\b`));
    expect(esm).not.toContain('react.production');
  });

  it('makes one script with React inside under 150 KB gzipped, and prints its size', () => {
    const bytes = fs.readFileSync(path.join(out, 'port-widgets.iife.js'));
    const gz = zlib.gzipSync(bytes, { level: 9 }).length;
    expect(gz).toBeLessThan(150 * 1024);
    expect(log).toMatch(/port-widgets\.iife\.js: [\d.]+ KB, gzipped [\d.]+ KB \(budget 150 KB\)/);
  });

  it('the script defines the global PortWidgets.mount and registers the three custom elements', () => {
    const defined: string[] = [];
    class HTMLElement {}
    const window = { customElements: { get: () => undefined, define: (tag: string) => defined.push(tag) }, location: { origin: 'http://host' } };
    const sandbox: Record<string, unknown> = { window, HTMLElement, document: {}, queueMicrotask, console, setTimeout, clearTimeout, MessageChannel };
    sandbox.self = sandbox;
    vm.runInNewContext(fs.readFileSync(path.join(out, 'port-widgets.iife.js'), 'utf8'), sandbox);
    const api = sandbox.PortWidgets as { mount: unknown; defineElements: unknown };
    expect(typeof api.mount).toBe('function');
    expect(typeof api.defineElements).toBe('function');
    expect(defined).toEqual(['port-news', 'port-message-form', 'port-settlement-status']);
  });
});

describe('the message form’s checks (as the server’s)', () => {
  const t = translator('en');
  const ok = { type: 'complaint', name: '张三', email: 'a@example.com', contact: '', content: '集装箱延误' };
  const file = (name: string, mb: number) => ({ name, size: mb * 1024 * 1024 }) as File;

  it('passes a complete message and names each missing, too long or malformed field', () => {
    expect(checkFields(ok, t)).toEqual({});
    expect(checkFields({ ...ok, type: 'praise', name: ' ', email: 'nope', content: 'x'.repeat(1001) }, t)).toEqual({
      type: 'Please enter Type',
      name: 'Please enter Name',
      email: 'Please enter a valid email',
      content: 'Message may have at most 1000 characters',
    });
  });

  it('takes up to 3 files of the allowed types, 20 MB each', () => {
    const three = addFiles([], [file('a.pdf', 1), file('b.JPEG', 20), file('c.xlsx', 0.5)], t);
    expect(three).toMatchObject({ error: null });
    expect(three.files.length).toBe(3);
    expect(addFiles(three.files, [file('d.png', 1)], t)).toMatchObject({ error: 'At most 3 files' });
    expect(addFiles([], [file('e.exe', 1)], t).error).toMatch(/^File e\.exe is not an allowed type/);
    expect(addFiles([], [file('f.pdf', 20.01)], t).error).toBe('File f.pdf is larger than 20 MB');
  });
});

describe('the widgets’ texts', () => {
  it('has every text in zh, en and my, and Burmese in Myanmar script', () => {
    const keys = Object.keys(TEXTS.zh).sort();
    expect(Object.keys(TEXTS.en).sort()).toEqual(keys);
    expect(Object.keys(TEXTS.my).sort()).toEqual(keys);
    for (const k of keys) expect(TEXTS.my[k as keyof typeof TEXTS.my]).toMatch(/[\u1000-\u109f]/);
  });
});
