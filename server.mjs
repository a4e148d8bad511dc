// The production web process, on plain Node: everything runs from the build (BUILD_DIR, default
// build/), whose server entry exports `serve` (app/serve.server.ts).
//   node server.mjs               serve on PORT
//   node server.mjs --setup-only  migrate + seed, then exit
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = path.join(path.resolve(process.env.BUILD_DIR || 'build'), 'server/index.js');
const build = await import(pathToFileURL(entry).href);
await build.entry.module.serve({ args: process.argv.slice(2), build });
