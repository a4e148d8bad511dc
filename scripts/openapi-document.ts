// Writes /api/openapi.json as the server would serve it (English, server /, the origin it is served from)
// to a file, from the configured plugins' registry: no server, no database. `npm run
// lint:openapi` lints it; `npm run openapi:client` generates the typed client from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tFor } from '../core/i18n/i18n.server';
import { openApiDocument } from '../core/resource/openapi.server';
import { installAppRegistry } from '../app/registry.server';

export function currentDocument(): Record<string, unknown> {
  return openApiDocument(installAppRegistry(), tFor('en'), '/');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const out = path.resolve(process.argv[2] ?? 'build/openapi.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(currentDocument(), null, 2)}\n`);
  console.log(`openapi: ${out}`);
}
