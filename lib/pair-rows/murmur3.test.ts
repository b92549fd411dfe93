import { describe, expect, it } from 'vitest';
import { murmur3x86_128 } from './murmur3';

function bytesOf(words: Uint32Array): Uint8Array {
  const b = new Uint8Array(16);
  new DataView(b.buffer).setUint32(0, words[0]!, true);
  new DataView(b.buffer).setUint32(4, words[1]!, true);
  new DataView(b.buffer).setUint32(8, words[2]!, true);
  new DataView(b.buffer).setUint32(12, words[3]!, true);
  return b;
}

describe('MurmurHash3_x86_128', () => {
  // SMHasher KeysetTest.cpp VerificationTest: hash keys {0}, {0,1}, … of length 0..255 with seed
  // 256 - length, hash the concatenated results with seed 0; the first four bytes, little-endian,
  // must be 0xB3ECE62A for MurmurHash3_x86_128 (smhasher/src/main.cpp, the verification column).
  it('passes the SMHasher verification test (0xB3ECE62A)', () => {
    const key = new Uint8Array(256);
    const hashes = new Uint8Array(16 * 256);
    for (let i = 0; i < 256; i += 1) {
      key[i] = i;
      hashes.set(bytesOf(murmur3x86_128(key, i, 256 - i)), i * 16);
    }
    const final = bytesOf(murmur3x86_128(hashes, hashes.length, 0));
    const verification = (final[0]! | (final[1]! << 8) | (final[2]! << 16) | (final[3]! << 24)) >>> 0;
    expect(verification.toString(16)).toBe('b3ece62a');
  });

  it('differs for different inputs and seeds', () => {
    const a = Array.from(murmur3x86_128(new TextEncoder().encode('caption one'), 11));
    const b = Array.from(murmur3x86_128(new TextEncoder().encode('caption two'), 11));
    const c = Array.from(murmur3x86_128(new TextEncoder().encode('caption one'), 11, 1));
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
  });
});
