import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, screenPos, startHarness } from '../support/tui-harness.js';

/** The play screen with the Angband ruleset: its panel, its attacks, and unseen monsters. */

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

async function placeFoe(h: Harness, dx: number, dy: number): Promise<void> {
  const d = h.app.session.duel;
  const hero = d.hero.pos!;
  d.foe.pos = { x: hero.x + dx, y: hero.y + dy };
  h.app.session.refreshView();
  h.app.render();
  await h.settle();
}

const angband = (hero: string, foe: string) => ({ setup: { ruleset: 'angband-3.0.5' as const, hero: { template: hero, options: {} }, foe: { template: foe, options: {} }, foeState: 'hunting' as const } });

describe('Angband in the terminal', () => {
  it('shows the character line, the foe\'s numbers and the appearing rolls', async () => {
    h = await startHarness(angband('warrior', 'uruk'));
    const text = h.lines().join('\n');
    expect(text).toContain('Human Warrior 10');
    expect(text).toContain('1 blow  AC 11  1 shot x2');
    expect(text).toContain('AC 50  speed');
    expect(h.lines()[23]).toContain('angband-3.0.5 spoiler');
    expect(text).toContain('Hit points');
  });

  it('a bump into the foe strikes with every blow and the rules pane shows blows, skill and the hit test', async () => {
    h = await startHarness(angband('elf-ranger', 'snaga'));
    await placeFoe(h, 1, 0);
    await h.press('l');
    const text = h.lines().join('\n');
    expect(text).toMatch(/Blows per round|Melee skill/);
    expect(text).toMatch(/You (hit|miss) the Snaga/);
  });

  it('an invisible monster in view is not drawn for a hero who cannot see it, and is for one who can', async () => {
    h = await startHarness(angband('warrior', 'invisible-stalker'));
    await placeFoe(h, 2, 0);
    const d = h.app.session.duel;
    const { sx, sy } = screenPos(h, d.foe.pos!.x, d.foe.pos!.y);
    expect(h.charAt(sx, sy)).not.toBe('E');
    h.destroy();
    h = await startHarness(angband('elf-ranger', 'invisible-stalker'));
    await placeFoe(h, 2, 0);
    const e = h.app.session.duel;
    const p = screenPos(h, e.foe.pos!.x, e.foe.pos!.y);
    expect(h.charAt(p.sx, p.sy)).toBe('E');
  });

  it('fires from the launcher: the targeting line shows the exact hit chance and the launcher multiplier', async () => {
    h = await startHarness(angband('elf-ranger', 'snaga'));
    await placeFoe(h, 4, 0);
    await h.press('f');
    expect(h.lines().join('\n')).toContain('fire Arrow (+2,+3)');
    await h.press('a');
    const text = h.lines().join('\n');
    expect(text).toMatch(/hit \d+\.\d+%/);
    expect(text).toContain('launcher x3');
    await h.press('\r');
    expect(h.lines().join('\n')).toMatch(/The Arrow \(\+2,\+3\) (hits|misses) the Snaga/);
  });
});
