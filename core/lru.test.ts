import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps at most max entries, dropping the least recently used first', () => {
    const c = new Lru<string, number>(3);
    c.set('a', 1).set('b', 2).set('c', 3);
    expect(c.get('a')).toBe(1); // a is now the most recent
    c.set('d', 4); // drops b, the least recently used
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect([...c.keys()]).toEqual(['c', 'a', 'd']);
    c.set('c', 30); // an update refreshes too
    c.set('e', 5); // drops a
    expect([...c.keys()]).toEqual(['d', 'c', 'e']);
    expect(c.get('c')).toBe(30);
  });

  it('stays bounded under many distinct keys', () => {
    const c = new Lru<number, string>(100);
    for (let i = 0; i < 10_000; i++) c.set(i, `v${i}`);
    expect(c.size).toBe(100);
    expect(c.get(9_999)).toBe('v9999');
    expect(c.get(9_899)).toBeUndefined();
  });
});
