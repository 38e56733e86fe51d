import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('never holds more than its bound, forgetting the oldest entry first', () => {
    const map = new BoundedMap<number, string>(3);
    for (let n = 1; n <= 10; n++) map.set(n, `v${n}`);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual([8, 9, 10]);
    expect(map.get(10)).toBe('v10');
    expect(map.get(7)).toBeUndefined();
  });

  it('forgets nothing when a key it holds is set again, and counts that key as set last', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['a', 3],
    ]);
    map.set('c', 4);
    expect([...map.keys()]).toEqual(['a', 'c']);
  });

  it('remember sets the key and answers the value, null included', () => {
    const map = new BoundedMap<string, number | null>(2);
    expect(map.remember('steady', null)).toBeNull();
    expect(map.has('steady')).toBe(true);
    expect(map.remember('x', 5)).toBe(5);
    expect(map.remember('y', 6)).toBe(6);
    expect(map.has('steady')).toBe(false);
  });

  it('refuses a bound that holds nothing', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
