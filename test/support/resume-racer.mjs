// One of several programs racing to resume the same replay (test/replay/lock.test.ts): resumes
// it, plays two turns, holds it a while so that the others try meanwhile, and says what happened.
import { loadContent } from '../../dist/content/index.js';
import { openForResume } from '../../dist/replay/saves.js';

const [path, dir] = process.argv.slice(2);
const content = loadContent();
try {
  const { player, recorder } = openForResume(path, dir, content);
  for (let i = 0; i < 2; i++) {
    const r = player.duel.step();
    if (r.kind !== 'turn') throw new Error(`no turn: ${r.kind}`);
    recorder.turn(r.record);
  }
  await new Promise((r) => setTimeout(r, 1500));
  recorder.close();
  process.stdout.write('resumed\n');
} catch (e) {
  process.stdout.write(`${e.message}\n`);
}
