/**
 * A Bloom filter over uuid keys (Bloom 1970; double hashing as in Kirsch & Mitzenmacher 2006):
 * "definitely not seen" or "maybe seen". The importer uses it to skip database lookups for keys
 * it has never written: with 10 bits per key and 7 probes about 1 % of new keys still get looked
 * up, and memory stays at 1.25 bytes per expected key.
 */
/** 32 bits from eight hex digits of the uuid, read in place (the keys are already hashes). */
function hexWord(key: string, start: number): number {
  let value = 0;
  for (let i = start; i < start + 8; i += 1) {
    const c = key.charCodeAt(i);
    value = (value << 4) | (c <= 57 ? c - 48 : (c | 32) - 87);
  }
  return value >>> 0;
}

function firstHash(key: string): number {
  return hexWord(key, 0);
}

/** Digits 28..35 of the uuid text (the last group), never 0. */
function secondHash(key: string): number {
  return hexWord(key, 28) || 1;
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
