// Remix options shared by vite.config.ts. routes() mounts every enabled plugin's routes
// under the main layout (app/routes/_main.tsx) or the bare layout (app/routes/_bare.tsx), and
// every declared screen on the one generic screen module (app/screen.tsx).
import plugins from './plugins.config.ts';
import { pluginRouteManifest } from './core/plugin.ts';

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
  routes() {
    return pluginRouteManifest(plugins, { screenFile: 'screen.tsx' });
  },
};
