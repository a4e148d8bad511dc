// Every page route (a module with a component) whose loader or action a navigation, a
// revalidation or a form post calls from the browser takes core's way through an unreachable
// app (core/ui/pageData.ts): without it, a search or a page of a list with the server stopped
// replaces the page with the error boundary's "500 / Error". The routes are the app's files and
// every plugin's (core/plugin.ts pluginRouteManifest, as remix.config.js mounts them).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import plugins from '../plugins.config';
import partner from '../examples/partner-plugin';
import { pluginRouteManifest } from '@core/plugin';

const APP = path.resolve(__dirname);

// The root's loader never runs again in the browser (shouldRevalidate: false, language changes reload the page).
const NOT_REVALIDATED = new Set(['root.tsx']);

function pageRouteFiles(): string[] {
  const own = fs.readdirSync(path.join(APP, 'routes')).filter((f) => /\.tsx$/.test(f) && !/\.test\./.test(f)).map((f) => path.join(APP, 'routes', f));
  const mounted = Object.values(pluginRouteManifest(plugins.some((p) => p.id === partner.id) ? plugins : [...plugins, partner], { screenFile: 'screen.tsx' })).map((r) => path.resolve(APP, r.file));
  return [...new Set([...own, ...mounted])].filter((f) => !NOT_REVALIDATED.has(path.basename(f)));
}

const exportsFn = (text: string, name: string) => new RegExp(`^export (async )?(function|const) ${name}\\b`, 'm').test(text);

describe('page routes', () => {
  const files = pageRouteFiles();

  it('are found: the layouts, the login, the generic screen and plugin pages', () => {
    const names = files.map((f) => path.relative(APP, f));
    expect(names).toEqual(expect.arrayContaining(['routes/_main.tsx', 'routes/_bare.tsx', 'routes/login.tsx', 'screen.tsx', '../plugins/port-ops/dispatch/routes/board.tsx', '../examples/partner-plugin/routes/hello.tsx']));
  });

  it('keep the page when the app cannot be reached: clientLoader = pageLoader(), clientAction = pageAction()', () => {
    const bad: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      if (!/^export default\b/m.test(text)) continue; // a resource route: no page to keep
      const rel = path.relative(APP, f);
      if (exportsFn(text, 'loader') && !/^export const clientLoader = pageLoader\(/m.test(text)) bad.push(`${rel}: loader without clientLoader = pageLoader()`);
      if (exportsFn(text, 'action') && !/^export const clientAction = pageAction\(/m.test(text)) bad.push(`${rel}: action without clientAction = pageAction()`);
    }
    expect(bad).toEqual([]);
  });
});
