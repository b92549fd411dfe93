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

// Helpers at module level: closures inside the hot function would be re-created on every call.
function word(data: Uint8Array, i: number): number {
  return data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
}

function tailByte(data: Uint8Array, tail: number, rest: number, i: number, shift: number): number {
  return rest > i ? data[tail + i]! << shift : 0;
}

/** The 128-bit hash of `length` bytes of `data` as four little-endian 32-bit words (h1..h4); reused array. */
export function murmur3x86_128(data: Uint8Array, length: number, seed = 0): Uint32Array {
  let h1 = seed | 0;
  let h2 = seed | 0;
  let h3 = seed | 0;
  let h4 = seed | 0;
  const blocks = length - (length % 16);
  for (let i = 0; i < blocks; i += 16) {
    let k1 = word(data, i);
    let k2 = word(data, i + 4);
    let k3 = word(data, i + 8);
    let k4 = word(data, i + 12);
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
  if (rest > 12) {
    let k4 = tailByte(data, tail, rest, 14, 16) ^ tailByte(data, tail, rest, 13, 8) ^ tailByte(data, tail, rest, 12, 0);
    k4 = Math.imul(rotl(Math.imul(k4, C4), 18), C1);
    h4 ^= k4;
  }
  if (rest > 8) {
    let k3 =
      tailByte(data, tail, rest, 11, 24) ^
      tailByte(data, tail, rest, 10, 16) ^
      tailByte(data, tail, rest, 9, 8) ^
      tailByte(data, tail, rest, 8, 0);
    k3 = Math.imul(rotl(Math.imul(k3, C3), 17), C4);
    h3 ^= k3;
  }
  if (rest > 4) {
    let k2 =
      tailByte(data, tail, rest, 7, 24) ^
      tailByte(data, tail, rest, 6, 16) ^
      tailByte(data, tail, rest, 5, 8) ^
      tailByte(data, tail, rest, 4, 0);
    k2 = Math.imul(rotl(Math.imul(k2, C2), 16), C3);
    h2 ^= k2;
  }
  if (rest > 0) {
    let k1 =
      tailByte(data, tail, rest, 3, 24) ^
      tailByte(data, tail, rest, 2, 16) ^
      tailByte(data, tail, rest, 1, 8) ^
      tailByte(data, tail, rest, 0, 0);
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
