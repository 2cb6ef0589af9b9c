import type { Canvas } from './canvas.js';
import type { Palette } from './palette.js';
import type { Screen, ScreenAction } from './screen.js';
import { FLASH_MS, type Key, Session, type SessionEnv, type SessionStart } from './session.js';
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

  /**
   * The next tick: the watch or replay timer; otherwise, while a projectile's flight is drawn, its
   * clearing, and while the end screen holds its keys, the moment it takes them (to redraw).
   */
  tickDelay(): number | undefined {
    const s = this.session;
    if (s.ticking) return s.nextDelay;
    if (s.flash.length > 0) return FLASH_MS;
    if (s.endLockLeft > 0) return s.endLockLeft;
    return undefined;
  }

  tick(): void {
    const s = this.session;
    if (s.ticking) s.tick();
    else s.flash = [];
  }

  close(): void {
    this.session.close();
  }
}
