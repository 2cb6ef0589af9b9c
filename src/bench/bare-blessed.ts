import blessed from 'blessed';
import { createScreen } from '../tui/terminal.js';

/** The baseline for the first-frame benchmark: a blessed screen that draws one box of text. */
const screen = createScreen({ input: process.stdin, output: process.stdout });
blessed.box({ parent: screen, top: 0, left: 0, width: '100%', height: '100%', content: 'bare blessed screen ready' });
screen.render();
screen.key(['C-c', 'q'], () => {
  screen.destroy();
  process.exit(0);
});
