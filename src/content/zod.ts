import { createRequire } from 'node:module';
import type * as ZodModule from 'zod';

/** The zod namespace (`z`), as a type. */
export type Z = typeof ZodModule.z;

let loaded: Z | undefined;

/**
 * zod, loaded on first use. It is by far the largest library the program uses, and only
 * validating data files (when they changed) or reading replays needs it, so the game's start-up
 * does not load it (docs/PERFORMANCE.md).
 */
export function zod(): Z {
  if (!loaded) loaded = (createRequire(import.meta.url)('zod') as typeof ZodModule).z;
  return loaded;
}

/** Builds something from zod once, on first use. */
export function lazySchema<T>(build: (z: Z) => T): () => T {
  let value: T | undefined;
  return () => {
    if (value === undefined) value = build(zod());
    return value;
  };
}
