// The browser half of the screen registry: every declared screen's resource, by `plugin.name`,
// for the generic screen route (app/screen.tsx). The page needs the declaration itself (its zod
// schema and state machine cannot travel in loader data), so plugins keep each area's screens in
// a `screens.ts` free of server code, and this table takes them all (declarations only, a few kB
// each; hand-written screens keep their forms in their own route chunks).
import type { ScreenDef } from '@core/plugin';
import type { DocumentDef } from '@core/document/define';
import { resourceKey, type ResourceDef } from '@core/resource/define';

const modules = import.meta.glob<ScreenDef[]>(['../plugins/*/screens.ts', '../plugins/*/*/screens.ts', '../examples/*/screens.ts'], { eager: true, import: 'screens' });

const SCREENS = new Map<string, { resource: ResourceDef; document?: DocumentDef }>(
  Object.values(modules)
    .flat()
    .map((s) => [resourceKey(s.resource), { resource: s.resource, document: s.document }]),
);

/** The declaration of a screen's resource, and its document when add and edit open one. */
export function screenResource(key: string): { resource: ResourceDef; document?: DocumentDef } {
  const screen = SCREENS.get(key);
  if (!screen) throw new Error(`no screens.ts declares a screen of ${key}`);
  return screen;
}
