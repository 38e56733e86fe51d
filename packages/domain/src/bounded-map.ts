/**
 * A Map that never holds more than `max` entries: setting a new key when it is full first forgets
 * the oldest entry, the one set longest ago (setting a key again makes it the newest, so a cache
 * that sets what it reads forgets the least recently used). Every process-wide cache and memo
 * keeps to a bound this way, so none grows with the traffic it serves.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A bounded map holds at least one entry, not ${max}`);
    super();
  }

  override set(key: K, value: V): this {
    // A key set again becomes the newest: Map keeps a key's first place unless it is deleted.
    if (!this.delete(key) && this.size >= this.max) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }

  /** Sets the key and answers the value, for `map.get(key) ?? map.remember(key, compute())`. */
  remember(key: K, value: V): V {
    this.set(key, value);
    return value;
  }
}
