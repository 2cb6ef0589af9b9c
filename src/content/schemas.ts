import { ANG_FILES, ANG_RULESET, angSchemas } from './angband.js';
import { CR_FILES, CR_RULESET, SS_RULESET, crSchemas, ssSchemas } from './crawl.js';
import { PD_FILES, pdSchemas } from './pixel-dungeon.js';
import { schemaFileOf } from './table-set.js';
import { zod } from './zod.js';

/** The JSON Schema of every data table, by file name under data/schemas/. */
export function jsonSchemas(): Record<string, unknown> {
  const z = zod();
  const out: Record<string, unknown> = {};
  const add = (ruleset: string, files: Readonly<Record<string, string>>, schemas: Readonly<Record<string, import('zod').ZodType>>) => {
    for (const [k, file] of Object.entries(files)) out[schemaFileOf(ruleset, file)] = z.toJSONSchema(schemas[k] as import('zod').ZodType, { io: 'input', unrepresentable: 'any' });
  };
  add('pixel-dungeon', PD_FILES, pdSchemas());
  add(ANG_RULESET, ANG_FILES, angSchemas());
  add(CR_RULESET, CR_FILES, crSchemas());
  add(SS_RULESET, CR_FILES, ssSchemas());
  return out;
}
