import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadContent } from '../content/index.js';
import { type RoundTripTally, roundTripPairs, roundTripRange } from '../dev/roundtrip.js';

/**
 * `npm run roundtrip`: the round trip of src/dev/roundtrip.ts over 1,000 seeds (`--seeds N`) of
 * every ruleset and edition, split among `--shards` processes (2: this machine's cores), with the
 * time it took. Exits 1 when any duel's file does not read back and verify.
 */

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name}: a whole number, please`);
  return v;
}

/** One shard's part, printed as JSON for the parent. */
function shard(): void {
  const from = argValue('--from', 0);
  const to = argValue('--to', 0);
  process.stdout.write(`${JSON.stringify(roundTripRange(loadContent(), from, to))}\n`);
}

function runShard(from: number, to: number): Promise<RoundTripTally[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--shard', '--from', String(from), '--to', String(to)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as RoundTripTally[]) : reject(new Error(`a shard exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--shard')) return shard();
  const seeds = argValue('--seeds', 1000);
  const shards = Math.max(1, argValue('--shards', 2));
  const t0 = performance.now();
  const per = Math.ceil(seeds / shards);
  const parts = await Promise.all(Array.from({ length: shards }, (_, k) => runShard(k * per, Math.min(seeds, (k + 1) * per))));
  let failed = 0;
  let total = 0;
  process.stdout.write(`round trip: ${seeds} seeds of every ruleset and edition, recorded, read back and verified (${shards} processes)\n`);
  for (const [j, { ruleset, edition }] of roundTripPairs().entries()) {
    const duels = parts.reduce((n, p) => n + (p[j]?.duels ?? 0), 0);
    const failures = parts.flatMap((p) => p[j]?.failures ?? []);
    total += duels;
    failed += failures.length;
    process.stdout.write(`  ${`${ruleset} ${edition}`.padEnd(28)} ${String(duels).padStart(5)} duels  ${failures.length} failed\n`);
    for (const f of failures.slice(0, 5)) process.stdout.write(`    ${f}\n`);
  }
  process.stdout.write(`${total} duels in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${total - failed} verified, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void main();
