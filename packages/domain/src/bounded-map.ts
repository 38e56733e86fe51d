/**
 * A Map that never holds more than `max` entries: setting a new key when it is full first forgets
 * the oldest entry (the one set longest ago). Every process-wide cache and memo keeps to a bound
 * this way, so none grows with the traffic it serves.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A bounded map holds at least one entry, not ${max}`);
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }

  /** Sets the key and answers the value, for `map.get(key) ?? map.remember(key, compute())`. */
  remember(key: K, value: V): V {
    this.set(key, value);
    return value;
  }
}
