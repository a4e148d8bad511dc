// Lint: TypeScript recommended rules plus React hooks; generated and vendored files ignored.
// Plus the plugin boundaries (port/boundaries below): core never imports a plugin or the app's
// plugin list, a plugin never imports another plugin, and a plugin reaches core only through
// its public face (@core/server, @core/client, @core/shared), never by a relative path.
import path from 'node:path';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const ROOT = import.meta.dirname;

/** The part of the tree a repository-relative path belongs to: core, a plugin, or the rest. */
function partOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'core') return { kind: 'core' };
  if (parts[0] === 'plugins.config.ts' || (parts[0] === 'app' && parts[1] === 'registry.server.ts')) return { kind: 'list' };
  if ((parts[0] === 'plugins' || parts[0] === 'examples') && parts.length > 2) return { kind: 'plugin', id: `${parts[0]}/${parts[1]}` };
  return { kind: 'other' };
}

/** Core's public face: what a plugin may import (core/server.ts, core/client.ts, core/shared.ts). */
const FACES = new Set(['core/server', 'core/client', 'core/shared']);

// Resolves relative and `@core/` / `~/` imports; package imports are not the rule's business.
const boundaries = {
  meta: { type: 'problem', schema: [], messages: {
    coreImportsPlugin: 'core must not import {{target}}: the app hands the plugin list to the registry, and plugins reach core through its registry/services',
    pluginImportsPlugin: '{{from}} must not import {{target}} (another plugin): use a service it provides',
    pluginImportsCoreInternals: '{{from}} must not import {{target}}: a plugin imports core through its public face, @core/server (server), @core/client (browser) or @core/shared (both)',
    pluginReachesCoreByPath: '{{from}} imports core by a relative path ({{spec}}): use @core/server, @core/client or @core/shared, so the plugin can be installed as a package',
  } },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const from = partOf(file);
    if (from.kind !== 'core' && from.kind !== 'plugin') return {};
    const check = (node) => {
      const spec = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!spec) return;
      let target;
      if (spec.startsWith('.')) target = path.relative(ROOT, path.resolve(path.dirname(context.filename), spec)).split(path.sep).join('/');
      else if (spec.startsWith('@core/')) target = `core/${spec.slice(6)}`;
      else if (spec.startsWith('~/')) target = `app/${spec.slice(2)}`;
      else return;
      target = target.replace(/\.(ts|tsx|js)$/, '');
      const to = partOf(target === 'plugins.config' ? 'plugins.config.ts' : target === 'app/registry.server' ? 'app/registry.server.ts' : target);
      // `plugins/finance` (the folder's index) names the plugin too.
      const toPlugin = to.kind === 'plugin' ? to.id : /^(plugins|examples)\/[^/]+$/.test(target) ? target : null;
      if (from.kind === 'core' && (toPlugin || to.kind === 'list')) context.report({ node: node.source, messageId: 'coreImportsPlugin', data: { target } });
      if (from.kind === 'plugin' && toPlugin && toPlugin !== from.id) context.report({ node: node.source, messageId: 'pluginImportsPlugin', data: { from: from.id, to: toPlugin, target } });
      if (from.kind === 'plugin' && to.kind === 'core') {
        if (spec.startsWith('.')) context.report({ node: node.source, messageId: 'pluginReachesCoreByPath', data: { from: from.id, spec } });
        else if (!FACES.has(target)) context.report({ node: node.source, messageId: 'pluginImportsCoreInternals', data: { from: from.id, target } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', 'test-results/**', '.cache/**', 'sdk/dist/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['core/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'examples/**/*.{ts,tsx}'],
    // Tests and their fixtures compose real plugins (a test database of system + customs, say).
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', '**/testing.ts', 'core/jobs/test-db.ts'],
    plugins: { port: { rules: { boundaries } } },
    rules: { 'port/boundaries': 'error' },
  },
  {
    // A Remix fetcher asks `<path>.data?_routes=…` (single fetch), which the /api front does not
    // serve, and its failures replace the page with the error boundary.
    files: ['app/**/*.{ts,tsx}', 'core/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'examples/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@remix-run/react', importNames: ['useFetcher'], message: 'load /api data with useApiData (or useNotify().api): through the API client, failures take the spec’s error path and the page stays' }] },
      ],
    },
  },
);
