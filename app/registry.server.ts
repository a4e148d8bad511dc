// The app's side of the plugin contract: it hands its plugin list (plugins.config.ts) to core's
// registry. Every entry point (server.ts, jobs/worker.ts, the scripts, the Remix server entry)
// calls this once before it reads the registry; core itself never imports the list.
import plugins from '../plugins.config';
import { getRegistry, hasRegistry, setPlugins, type Registry } from '../core/registry.server';

/** Installs the registry of the enabled plugins unless one is installed already (server.ts
 * installs it before the Remix build loads, which then keeps it). */
export function installAppRegistry(): Registry {
  if (!hasRegistry()) setPlugins(plugins);
  return getRegistry();
}
