/** Reading and moving through the start menu in a TUI harness. */
import { expect } from 'vitest';
import { MenuScreen } from '../../src/tui/menu.js';
import type { Harness } from './tui-harness.js';

export const menuOf = (x: Harness): MenuScreen => {
  const m = x.app.current;
  if (!(m instanceof MenuScreen)) throw new Error('the top screen is not the menu');
  return m;
};
/** The field labels shown, top to bottom. */
export const labels = (x: Harness): string[] => x.lines().slice(2, 17).map((l) => l.slice(3, 17).trim()).filter((l) => l !== '');
export const row = (x: Harness, label: string): string => x.lines().find((l) => l.slice(3, 17).trim() === label) ?? '';
export const selected = (x: Harness): string => x.lines().find((l) => l.startsWith(' ▸'))?.slice(3, 17).trim() ?? '';

/** Moves the menu's cursor down to the field with this label. */
export async function goto(x: Harness, label: string): Promise<void> {
  for (let i = 0; i < 16 && selected(x) !== label; i++) await x.press('j');
  expect(selected(x)).toBe(label);
}
