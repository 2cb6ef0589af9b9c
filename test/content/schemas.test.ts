import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_ROOT } from '../../src/content/index.js';
import { jsonSchemas } from '../../src/content/schemas.js';

describe('data/schemas', () => {
  it('holds exactly the JSON Schemas the code defines (regenerate with npm run schemas)', () => {
    const dir = join(DEFAULT_DATA_ROOT, 'schemas');
    const expected = jsonSchemas();
    expect(readdirSync(dir).sort()).toEqual(Object.keys(expected).sort());
    for (const [file, schema] of Object.entries(expected)) {
      expect(JSON.parse(readFileSync(join(dir, file), 'utf8')), file).toEqual(schema);
    }
  });

  it('every data table names its schema, which exists', () => {
    const dir = join(DEFAULT_DATA_ROOT, 'pixel-dungeon');
    for (const f of readdirSync(dir)) {
      const table = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { $schema: string };
      expect(readFileSync(join(dir, table.$schema), 'utf8').length, f).toBeGreaterThan(0);
    }
  });
});
