// A size-capped cache that drops the least recently used entry first: per-process caches stay
// bounded however many distinct keys traffic brings, without emptying all at once at the cap
// (which made every cached entry miss together and hit the database in one burst).
export class Lru<K, V> {
  private map = new Map<K, V>();

  constructor(public readonly max: number) {
    if (!(max >= 1)) throw new Error('Lru: max must be at least 1');
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key) as V;
    if (value === undefined && !this.map.has(key)) return undefined;
    // Most recently used last (a Map iterates in insertion order).
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }
}
