// A declared screen's own parts (ScreenDef.ui) load before its page renders: on the server by
// the loader (for the first paint), in the browser by the route's client loader on a navigation
// and, for the page the browser opens, as the route module loads, before the entry hydrates
// (app/entry.client.tsx waits for them). Free of the declarations, so the entry stays small.
import type { ScreenUi } from '@core/ui/resource/types';

const loaded = new Map<string, ScreenUi>();
let pending: Promise<unknown> = Promise.resolve();

export function loadScreenUi(path: string, ui: (() => Promise<{ default: ScreenUi }>) | undefined): Promise<void> {
  if (!ui || loaded.has(path)) return Promise.resolve();
  const load = ui().then((m) => void loaded.set(path, m.default));
  pending = Promise.allSettled([pending, load]);
  return load;
}

/** The screen's parts, once loaded. */
export const screenUi = (path: string): ScreenUi | undefined => loaded.get(path);

/** Settles when every load started so far has. */
export const screenUiLoaded = (): Promise<unknown> => pending;
