// Remix options shared by vite.config.ts. routes() mounts every enabled plugin's routes
// under the main layout (app/routes/_main.tsx) or the bare layout (app/routes/_bare.tsx), and
// every declared screen on the one generic screen module (app/screen.tsx).
import { fileURLToPath } from 'node:url';
import { pluginRouteManifest } from './core/plugin.ts';

// The plugin list is loaded through tsx, not bundled with this config: plugins import core as
// @core/server, @core/client and @core/shared (tsconfig paths), which the config's bundler
// would leave to Node as packages.
async function loadPlugins() {
  const { tsImport } = await import('tsx/esm/api');
  const mod = await tsImport(fileURLToPath(new URL('./plugins.config.ts', import.meta.url)), import.meta.url);
  return mod.default.default ?? mod.default;
}

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: 'app',
  buildDirectory: process.env.BUILD_DIR || 'build',
  ignoredRouteFiles: ['**/*.test.*', '**/.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    unstable_optimizeDeps: true,
  },
  async routes() {
    return pluginRouteManifest(await loadPlugins(), { screenFile: 'screen.tsx' });
  },
};
