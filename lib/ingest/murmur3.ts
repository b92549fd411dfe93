/**
 * MurmurHash3_x86_128 (Austin Appleby, public domain; smhasher/src/MurmurHash3.cpp), used for the
 * content keys of texts and pairs: 128 bits, fast in plain 32-bit JavaScript arithmetic, and
 * verified against SMHasher's verification value (see murmur3.test.ts).
 */
const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

const out = new Uint32Array(4);

/** The 128-bit hash of `length` bytes of `data` as four little-endian 32-bit words (h1..h4); reused array. */
export function murmur3x86_128(data: Uint8Array, length: number, seed = 0): Uint32Array {
  let h1 = seed | 0;
  let h2 = seed | 0;
  let h3 = seed | 0;
  let h4 = seed | 0;
  const blocks = length - (length % 16);
  const word = (i: number): number => data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
  for (let i = 0; i < blocks; i += 16) {
    let k1 = word(i);
    let k2 = word(i + 4);
    let k3 = word(i + 8);
    let k4 = word(i + 12);
    k1 = Math.imul(rotl(Math.imul(k1, C1), 15), C2);
    h1 ^= k1;
    h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) | 0;
    k2 = Math.imul(rotl(Math.imul(k2, C2), 16), C3);
    h2 ^= k2;
    h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) | 0;
    k3 = Math.imul(rotl(Math.imul(k3, C3), 17), C4);
    h3 ^= k3;
    h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) | 0;
    k4 = Math.imul(rotl(Math.imul(k4, C4), 18), C1);
    h4 ^= k4;
    h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) | 0;
  }
  // Tail (the 0-15 bytes after the last block), as in the reference's fall-through switch.
  const tail = blocks;
  const rest = length & 15;
  const byte = (i: number, shift: number): number => (rest > i ? data[tail + i]! << shift : 0);
  if (rest > 12) {
    let k4 = byte(14, 16) ^ byte(13, 8) ^ byte(12, 0);
    k4 = Math.imul(rotl(Math.imul(k4, C4), 18), C1);
    h4 ^= k4;
  }
  if (rest > 8) {
    let k3 = byte(11, 24) ^ byte(10, 16) ^ byte(9, 8) ^ byte(8, 0);
    k3 = Math.imul(rotl(Math.imul(k3, C3), 17), C4);
    h3 ^= k3;
  }
  if (rest > 4) {
    let k2 = byte(7, 24) ^ byte(6, 16) ^ byte(5, 8) ^ byte(4, 0);
    k2 = Math.imul(rotl(Math.imul(k2, C2), 16), C3);
    h2 ^= k2;
  }
  if (rest > 0) {
    let k1 = byte(3, 24) ^ byte(2, 16) ^ byte(1, 8) ^ byte(0, 0);
    k1 = Math.imul(rotl(Math.imul(k1, C1), 15), C2);
    h1 ^= k1;
  }
  h1 ^= length;
  h2 ^= length;
  h3 ^= length;
  h4 ^= length;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  out[0] = h1;
  out[1] = h2;
  out[2] = h3;
  out[3] = h4;
  return out;
}
