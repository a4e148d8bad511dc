// Lint: TypeScript recommended rules plus React hooks; generated and vendored files ignored.
// Plus the plugin boundaries (port/boundaries below): core never imports a plugin or the app's
// plugin list, and a plugin never imports another plugin.
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

// Resolves relative and `@core/` / `~/` imports; package imports are not the rule's business.
const boundaries = {
  meta: { type: 'problem', schema: [], messages: {
    coreImportsPlugin: 'core must not import {{target}}: the app hands the plugin list to the registry, and plugins reach core through its registry/services',
    pluginImportsPlugin: '{{from}} must not import {{target}} (another plugin): use a service it provides',
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
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', 'test-results/**', '.cache/**'] },
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
);
