/** A small least-recently-used map: generated page tables are big, so only a few are kept. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  /** `onBuild`: told each time getOr has to make a value (a test counts generations with it). */
  constructor(
    private readonly capacity: number,
    private readonly onBuild: () => void = () => undefined,
  ) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }

  getOr(key: string, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    this.onBuild();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
