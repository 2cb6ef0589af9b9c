import type { Canvas } from './canvas.js';
import type { Palette } from './palette.js';
import type { Screen, ScreenAction } from './screen.js';
import { type Key, Session, type SessionEnv, type SessionStart } from './session.js';
import { View } from './view.js';

/** A duel on screen: played, watched, carried on or played back. */
export class DuelScreen implements Screen {
  readonly session: Session;
  private readonly view: View;

  constructor(start: SessionStart, env: SessionEnv, palette: Palette) {
    this.session = new Session(start, env);
    this.view = new View(palette);
  }

  paint(c: Canvas): void {
    this.view.paint(c, this.session);
  }

  key(k: Key): ScreenAction {
    return this.session.handleKey(k) === 'quit' ? { kind: 'back' } : undefined;
  }

  /** The duel's replay is made once its first frame is out (starting it loads the replay schema). */
  afterFrame(): boolean {
    return this.session.startRecording();
  }

  tickDelay(): number | undefined {
    return this.session.ticking ? this.session.nextDelay : undefined;
  }

  tick(): void {
    this.session.tick();
  }

  close(): void {
    this.session.close();
  }
}
