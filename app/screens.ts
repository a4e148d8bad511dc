// The browser half of the screen registry: every declared screen, by URL path, for the generic
// screen route (app/screen.tsx). The page needs the declaration itself (its zod schema and state
// machine cannot travel in loader data), so plugins keep each area's screens in a `screens.ts`
// free of server code, and this table takes them all (declarations only, a few kB each; a
// screen's own parts are a module of their own, ScreenDef.ui, see screenUi.ts).
import type { ScreenDef } from '@core/plugin';

const modules = import.meta.glob<ScreenDef[]>(['../plugins/*/screens.ts', '../plugins/*/*/screens.ts', '../examples/*/screens.ts'], { eager: true, import: 'screens' });

const SCREENS = new Map<string, ScreenDef>(
  Object.values(modules)
    .flat()
    .map((s) => [`/${s.path}`, s]),
);

/** The declaration of the screen at this URL path, if one is declared. */
export function screenAt(path: string): ScreenDef | undefined {
  return SCREENS.get(path);
}
