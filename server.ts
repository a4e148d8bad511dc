// The web process under tsx:
//   tsx server.ts               the production build from $BUILD_DIR (default build/), as server.mjs
//   tsx server.ts --dev         Vite dev server with HMR, from the sources
//   tsx server.ts --setup-only  migrate + seed, then exit (from the sources when there is no build)
import { existsSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const built = existsSync(path.join(path.resolve(process.env.BUILD_DIR || 'build'), 'server/index.js'));
if (args.includes('--dev') || !built) await (await import('./app/serve.server')).serve({ args });
else await import('./server.mjs');
