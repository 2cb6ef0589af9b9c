/**
 * Terrain kinds of the arena and their properties. The properties follow Pixel Dungeon's
 * terrain flags (levels/Terrain.java), which the projectile path needs exactly:
 * - `passable`: a walker may stand here (closed doors are passable: walking in opens them);
 * - `blocksSight`: stops line of sight, and stops a projectile *on* this cell;
 * - `avoid`: not walkable but flown over, by flyers and by projectiles (chasms);
 * a cell that is neither passable nor avoid stops a projectile in the cell *before* it.
 */
export const Terrain = {
  Floor: 0,
  Wall: 1,
  DoorClosed: 2,
  DoorOpen: 3,
  HighGrass: 4,
  Grass: 5,
  Chasm: 6,
  Water: 7,
  Statue: 8,
} as const;
export type Terrain = (typeof Terrain)[keyof typeof Terrain];

export interface TerrainInfo {
  readonly name: string;
  /** Character used in arena files. */
  readonly fileChar: string;
  /** Character drawn on screen. */
  readonly glyph: string;
  readonly passable: boolean;
  readonly blocksSight: boolean;
  readonly avoid: boolean;
}

export const TERRAIN_INFO: Readonly<Record<Terrain, TerrainInfo>> = Object.freeze({
  [Terrain.Floor]: { name: 'floor', fileChar: '.', glyph: '.', passable: true, blocksSight: false, avoid: false },
  [Terrain.Wall]: { name: 'wall', fileChar: '#', glyph: '#', passable: false, blocksSight: true, avoid: false },
  [Terrain.DoorClosed]: { name: 'closed door', fileChar: '+', glyph: '+', passable: true, blocksSight: true, avoid: false },
  [Terrain.DoorOpen]: { name: 'open door', fileChar: "'", glyph: "'", passable: true, blocksSight: false, avoid: false },
  [Terrain.HighGrass]: { name: 'high grass', fileChar: '"', glyph: '"', passable: true, blocksSight: true, avoid: false },
  [Terrain.Grass]: { name: 'grass', fileChar: ',', glyph: ',', passable: true, blocksSight: false, avoid: false },
  [Terrain.Chasm]: { name: 'chasm', fileChar: ':', glyph: ':', passable: false, blocksSight: false, avoid: true },
  [Terrain.Water]: { name: 'water', fileChar: '~', glyph: '~', passable: true, blocksSight: false, avoid: false },
  [Terrain.Statue]: { name: 'statue', fileChar: 'T', glyph: '&', passable: false, blocksSight: false, avoid: false },
});

const BY_FILE_CHAR = new Map<string, Terrain>(
  (Object.entries(TERRAIN_INFO) as [string, TerrainInfo][]).map(([k, v]) => [v.fileChar, Number(k) as Terrain]),
);

export function terrainFromChar(ch: string): Terrain | undefined {
  return BY_FILE_CHAR.get(ch);
}

export function terrainInfo(t: Terrain): TerrainInfo {
  return TERRAIN_INFO[t];
}
