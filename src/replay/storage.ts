import { systemText } from '../content/files.js';
import { ReplayEncodeError } from './format.js';

/** Why a replay could not be written, in words: "disk full" for ENOSPC, and so on. */
export function storageReason(e: unknown): string {
  if (e instanceof ReplayEncodeError) return `a fault of this program: ${e.message}`;
  return systemText(e) ?? (e instanceof Error ? e.message : String(e));
}
