/**
 * A Bloom filter over uuid keys (Bloom 1970; double hashing as in Kirsch & Mitzenmacher 2006):
 * "definitely not seen" or "maybe seen". The importer uses it to skip database lookups for keys
 * it has never written: with 10 bits per key and 7 probes about 1 % of new keys still get looked
 * up, and memory stays at 1.25 bytes per expected key.
 */
/** Two independent 32-bit hashes from the uuid's hex digits (the keys are already hashes). */
function firstHash(key: string): number {
  return Number.parseInt(key.slice(0, 8), 16) >>> 0;
}

function secondHash(key: string): number {
  return Number.parseInt(key.slice(24, 32), 16) >>> 0 || 1;
}

export class UuidBloomFilter {
  private readonly bits: Uint32Array;
  private readonly size: number;
  private readonly probes = 7;

  constructor(expectedKeys: number, bitsPerKey = 10) {
    const bits = Math.max(1024, Math.ceil(Math.max(1, expectedKeys) * bitsPerKey));
    this.size = Math.ceil(bits / 32) * 32;
    this.bits = new Uint32Array(this.size / 32);
  }

  add(key: string): void {
    const h1 = firstHash(key);
    const h2 = secondHash(key);
    for (let i = 0; i < this.probes; i += 1) {
      const bit = (h1 + Math.imul(i, h2)) >>> 0;
      const index = bit % this.size;
      this.bits[index >>> 5]! |= 1 << (index & 31);
    }
  }

  mightContain(key: string): boolean {
    const h1 = firstHash(key);
    const h2 = secondHash(key);
    for (let i = 0; i < this.probes; i += 1) {
      const bit = (h1 + Math.imul(i, h2)) >>> 0;
      const index = bit % this.size;
      if ((this.bits[index >>> 5]! & (1 << (index & 31))) === 0) return false;
    }
    return true;
  }
}
