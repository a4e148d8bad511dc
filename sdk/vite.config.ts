// The widgets' build (`npm run build:sdk` at the root): Vite in library mode, twice.
//   default mode   dist/index.js, ESM, react and react-dom left to the host (peer dependencies)
//   --mode iife    dist/port-widgets.iife.js, one script with React inside, global PortWidgets;
//                  its gzipped size is printed and the build fails above the 150 KB budget.
// Declarations (dist/types) come from tsc with sdk/tsconfig.json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const SDK = path.dirname(new URL(import.meta.url).pathname);
const OUT = process.env.SDK_OUT_DIR ? path.resolve(process.env.SDK_OUT_DIR) : path.join(SDK, 'dist');
export const IIFE_FILE = 'port-widgets.iife.js';
export const IIFE_BUDGET_KB = 150;

/** Prints the bundle's size and its gzipped size; fails the build over the budget. */
function sizeBudget(): Plugin {
  return {
    name: 'port-widgets-size-budget',
    apply: 'build',
    writeBundle() {
      const file = path.join(OUT, IIFE_FILE);
      const bytes = fs.readFileSync(file);
      const gz = zlib.gzipSync(bytes, { level: 9 }).length;
      const kb = (n: number) => (n / 1024).toFixed(1);
      console.log(`\n${IIFE_FILE}: ${kb(bytes.length)} KB, gzipped ${kb(gz)} KB (budget ${IIFE_BUDGET_KB} KB)`);
      if (gz > IIFE_BUDGET_KB * 1024) throw new Error(`${IIFE_FILE} is ${kb(gz)} KB gzipped, over the ${IIFE_BUDGET_KB} KB budget`);
    },
  };
}

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  return {
    root: SDK,
    publicDir: false,
    logLevel: 'warn',
    // Production JSX whatever NODE_ENV the caller runs in (vitest sets test).
    esbuild: { jsx: 'automatic', jsxDev: false },
    // The script bundle carries React's production build; the ESM build leaves it to the host's bundler.
    define: iife ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    plugins: iife ? [sizeBudget()] : [],
    build: {
      outDir: OUT,
      // The ESM build runs first and starts from an empty folder; the IIFE build adds to it.
      emptyOutDir: !iife,
      target: 'es2020',
      sourcemap: true,
      minify: iife ? 'esbuild' : false,
      reportCompressedSize: false,
      lib: iife
        ? { entry: path.join(SDK, 'src/iife.ts'), name: 'PortWidgets', formats: ['iife'], fileName: () => IIFE_FILE }
        : { entry: path.join(SDK, 'src/index.ts'), formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: iife ? {} : { external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  };
});
