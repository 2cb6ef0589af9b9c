// Bundles the command-line program into dist/app/ so it starts fast.
//
// - arena-core.cjs: the whole program as one CommonJS script. Node 20 keeps no compile cache for
//   ES modules, so `arena.js` (src/cli/launch.ts) compiles this script itself with V8's code
//   cache. Code reached only through `import()` (the terminal screen, the calculators) is
//   wrapped by esbuild to run when first imported, as the chunks of a split build were. zod stays
//   external: it is required only when something must be validated (src/content/zod.ts), and
//   its 750 KB would otherwise be parsed by every start that has no cached code yet. blessed
//   stays external (it loads its widgets and terminfo by computed paths), as do node-pty and
//   @xterm/headless (test and bench tools). `import.meta.url` is the bundle's own address, so
//   the paths the program finds beside itself (data/, saves/, the caches) are the same.
// - arena.js: that launcher.
// - sim-worker.js: the simulation's worker threads start from their own entry.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Earlier builds left chunks named by their content's hash: clear them.
rmSync('dist/app', { recursive: true, force: true });

const common = { outdir: 'dist/app', bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };
const external = ['blessed', 'node-pty', '@xterm/headless', 'zod'];

await build({
  ...common,
  entryPoints: { 'arena-core': 'dist/cli/main.js' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  external,
  define: { 'import.meta.url': '__arenaModuleUrl' },
  banner: { js: "const __arenaModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
await build({ ...common, entryPoints: { arena: 'dist/cli/launch.js' }, format: 'esm' });
await build({
  ...common,
  entryPoints: { 'sim-worker': 'dist/sim/worker.js' },
  format: 'esm',
  external,
  banner: { js: "import { createRequire as __arenaRequire } from 'node:module'; const require = __arenaRequire(import.meta.url);" },
});
