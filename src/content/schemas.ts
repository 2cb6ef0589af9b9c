import { z } from 'zod';
import { PD_TABLES } from './pixel-dungeon.js';

/** The JSON Schema of every data table, by file name under data/schemas/. */
export function jsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of Object.values(PD_TABLES)) {
    out[`pixel-dungeon.${spec.file.replace('.json', '')}.schema.json`] = z.toJSONSchema(spec.schema, { io: 'input', unrepresentable: 'any' });
  }
  return out;
}
