// Bundles the command-line program into one file (dist/cli/arena.js) so it starts fast: Node
// loads one module instead of a few hundred (zod alone is over a hundred files). blessed stays
// external (it loads its widgets and terminfo by computed paths), as does node-pty (native).
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/cli/main.js'],
  outfile: 'dist/cli/arena.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['blessed', 'node-pty', '@xterm/headless'],
  banner: { js: "import { createRequire as __arenaRequire } from 'node:module'; const require = __arenaRequire(import.meta.url);" },
  logLevel: 'warning',
});
