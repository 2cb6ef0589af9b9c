/**
 * A small entity store: entities are plain objects with an id and optional typed components.
 * Iteration is always in ascending id order, ids come from a counter and are never reused, so
 * nothing in the game depends on insertion or hash-map order.
 */
export interface BaseEntity {
  readonly id: number;
}

export type With<E, K extends keyof E> = E & { [P in K]-?: Exclude<E[P], undefined> };

export class World<E extends BaseEntity> {
  private readonly entities: E[] = [];
  private nextIdValue: number;

  constructor(firstId = 1) {
    this.nextIdValue = firstId;
  }

  /** The id the next created entity will get. */
  get nextId(): number {
    return this.nextIdValue;
  }

  /** Creates an entity from its components; the id is assigned here. */
  create(components: Omit<E, 'id'>): E {
    const e = { id: this.nextIdValue++, ...components } as E;
    this.entities.push(e); // ids only grow, so the array stays sorted
    return e;
  }

  /** Re-inserts entities with known ids (loading a save); keeps the counter past them. */
  restore(entities: readonly E[], nextId: number): void {
    this.entities.length = 0;
    const sorted = [...entities].sort((a, b) => a.id - b.id);
    for (const e of sorted) this.entities.push(e);
    const maxId = sorted.length ? (sorted[sorted.length - 1] as E).id : 0;
    this.nextIdValue = Math.max(nextId, maxId + 1);
  }

  get(id: number): E | undefined {
    // Few entities: a binary search over the sorted array.
    let lo = 0;
    let hi = this.entities.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const e = this.entities[mid] as E;
      if (e.id === id) return e;
      if (e.id < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  require(id: number): E {
    const e = this.get(id);
    if (!e) throw new Error(`no entity ${id}`);
    return e;
  }

  remove(id: number): void {
    const i = this.entities.findIndex((e) => e.id === id);
    if (i >= 0) this.entities.splice(i, 1);
  }

  /** All entities, ascending id. */
  all(): readonly E[] {
    return this.entities;
  }

  /** Entities having every listed component, ascending id. */
  with<K extends keyof E>(...keys: K[]): With<E, K>[] {
    const out: With<E, K>[] = [];
    for (const e of this.entities) {
      if (keys.every((k) => e[k] !== undefined)) out.push(e as With<E, K>);
    }
    return out;
  }
}
