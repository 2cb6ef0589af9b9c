import type { Canvas } from './canvas.js';
import type { Key } from './session.js';

/** What a key asks the app to do next. */
export type ScreenAction = { readonly kind: 'quit' } | { readonly kind: 'back' } | { readonly kind: 'open'; readonly screen: Screen } | undefined;

/** One full screen of the app (a duel, the saves browser); the app keeps a stack of them. */
export interface Screen {
  paint(c: Canvas): void;
  key(k: Key): ScreenAction;
  /** Milliseconds until the next `tick`, or undefined when nothing animates. */
  tickDelay(): number | undefined;
  tick(): void;
  /** The screen is shown again after the one above it closed. */
  shown?(): void;
  /**
   * Called just after a frame of this screen (its first, or one after a key) is written out, for
   * work the frame need not wait for; true when it changed what the screen shows.
   */
  afterFrame?(): boolean;
  /** The screen is left for good: close files. */
  close(): void;
}
