// Bundles the command-line program into dist/app/ so it starts fast: Node loads a few modules
// instead of a few hundred. Code splitting keeps the terminal screen (and blessed) in a chunk
// that only `play` and `watch` load. blessed stays external (it loads its widgets and terminfo by
// computed paths), as do node-pty and @xterm/headless (test and bench tools). zod is loaded at
// run time only when data files must be validated (src/content/zod.ts). The simulation's worker
// threads start from their own entry, sim-worker.js, beside arena.js.
import { build } from 'esbuild';

await build({
  entryPoints: { arena: 'dist/cli/main.js', 'sim-worker': 'dist/sim/worker.js' },
  outdir: 'dist/app',
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['blessed', 'node-pty', '@xterm/headless'],
  banner: { js: "import { createRequire as __arenaRequire } from 'node:module'; const require = __arenaRequire(import.meta.url);" },
  logLevel: 'warning',
});
