import { PD_FILES, type PdTableName, pdSchemas } from './pixel-dungeon.js';
import { zod } from './zod.js';

/** The JSON Schema of every data table, by file name under data/schemas/. */
export function jsonSchemas(): Record<string, unknown> {
  const z = zod();
  const schemas = pdSchemas();
  const out: Record<string, unknown> = {};
  for (const [k, file] of Object.entries(PD_FILES) as [PdTableName, string][]) {
    out[`pixel-dungeon.${file.replace('.json', '')}.schema.json`] = z.toJSONSchema(schemas[k], { io: 'input', unrepresentable: 'any' });
  }
  return out;
}
