/**
 * The SKUs met so far in one import file, so that a SKU on a second row is refused. Kept as 64-bit
 * fingerprints in a typed-array hash table (at most 16 bytes a SKU, one allocation), not as a Set of
 * strings (about 80 bytes a SKU spread over the heap): a 100,000-row file costs 2 MB, and the
 * garbage collector has nothing more to walk as the file grows. Two different SKUs share a
 * fingerprint with a chance of about n²/2⁶⁴ (10⁻⁹ for a million rows). Pure.
 */
export class SeenSkus {
  /** Pairs of 32-bit halves; [0, 0] is an empty slot (the second half is never 0). */
  private table: Uint32Array;
  private count = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.table = new Uint32Array(slots * 2);
  }

  /** How many different SKUs were added. */
  get size(): number {
    return this.count;
  }

  /** Adds a SKU (compared as given: the caller trims and lower-cases); true when it was added before. */
  add(sku: string): boolean {
    const [a, b] = fingerprint(sku);
    if (this.findOrInsert(this.table, a, b)) return true;
    this.count++;
    if (this.count * 2 > this.table.length / 2) this.grow();
    return false;
  }

  /** Whether the pair is in `table`; inserts it when not. */
  private findOrInsert(table: Uint32Array, a: number, b: number): boolean {
    const mask = table.length / 2 - 1;
    for (let slot = a & mask; ; slot = (slot + 1) & mask) {
      const x = table[slot * 2]!;
      const y = table[slot * 2 + 1]!;
      if (y === 0) {
        table[slot * 2] = a;
        table[slot * 2 + 1] = b;
        return false;
      }
      if (x === a && y === b) return true;
    }
  }

  /** Doubles the table (kept at most half full). */
  private grow(): void {
    const old = this.table;
    const table = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.findOrInsert(table, old[i]!, old[i + 1]!);
    this.table = table;
  }
}

/** Two independent 32-bit hashes of a string (FNV-1a and a murmur-style mix), the second never 0. */
export function fingerprint(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  return [a >>> 0, (b >>> 0) || 1];
}
