import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PROGRAM_VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

export const DEFAULT_SAVES = fileURLToPath(new URL('../../saves', import.meta.url));
