// The committed typed client cannot drift from the document: schema.d.ts must be exactly what
// openapi-typescript generates from the current /api/openapi.json (`npm run openapi:client`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentDocument } from '../../scripts/openapi-document';

const ROOT = path.resolve(__dirname, '../..');

describe('the typed client', () => {
  it('is the one openapi-typescript generates from the current document (npm run openapi:client)', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
    try {
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(currentDocument()));
      execFileSync(path.join(ROOT, 'node_modules/.bin/openapi-typescript'), [path.join(dir, 'openapi.json'), '--output', path.join(dir, 'schema.d.ts')], { stdio: 'pipe' });
      const fresh = readFileSync(path.join(dir, 'schema.d.ts'), 'utf8');
      const committed = readFileSync(path.join(ROOT, 'clients/typescript/schema.d.ts'), 'utf8');
      expect(fresh === committed, 'clients/typescript/schema.d.ts is stale: run npm run openapi:client and commit it').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
