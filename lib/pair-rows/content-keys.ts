/**
 * The keys that identify a text and an unordered pair within a corpus, as uuids: the 128-bit
 * MurmurHash3_x86_128 (seed 0) of UTF-8 bytes, computed by the importer (fast, no database work).
 *   text: hash(type \x01 imageKey \x01 page \x01 content)          one use of a content
 *   pair: hash(min(hash(a), hash(b)) ‖ max(hash(a), hash(b)))      the same two contents, either order
 *         (the two 16-byte digests, ordered byte-wise)
 * Collisions are practically impossible (a million keys: about 1e-27).
 */
import { murmur3x86_128 } from './murmur3';

const encoder = new TextEncoder();
let buffer = new Uint8Array(4096);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hashText(text: string): Uint32Array {
  // UTF-8 needs at most 3 bytes per UTF-16 code unit.
  if (buffer.length < text.length * 3) buffer = new Uint8Array(text.length * 3 + 1024);
  const { written } = encoder.encodeInto(text, buffer);
  return murmur3x86_128(buffer, written);
}

function wordsToHex(w: ArrayLike<number>): string {
  let hex = '';
  for (let i = 0; i < 4; i += 1) {
    const x = w[i]!;
    hex += HEX[x & 0xff]! + HEX[(x >>> 8) & 0xff]! + HEX[(x >>> 16) & 0xff]! + HEX[(x >>> 24) & 0xff]!;
  }
  return hex;
}

export function toUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function computeTextKey(type: string, imageKey: string | null, page: string | null, content: string): string {
  return toUuid(wordsToHex(hashText(`${type}\u0001${imageKey ?? ''}\u0001${page ?? ''}\u0001${content}`)));
}

const pairBytes = new Uint8Array(32);
const pairWords = new Uint32Array(pairBytes.buffer);
const first = new Uint32Array(4);

/** Compares two digests as byte strings (little-endian words, so byte by byte). */
function compareDigests(x: Uint32Array, y: Uint32Array): number {
  for (let i = 0; i < 16; i += 1) {
    const d = ((x[i >> 2]! >>> ((i & 3) * 8)) & 0xff) - ((y[i >> 2]! >>> ((i & 3) * 8)) & 0xff);
    if (d !== 0) return d;
  }
  return 0;
}

export function computePairKey(a: string, b: string): string {
  first.set(hashText(a));
  const second = hashText(b);
  const [lo, hi] = compareDigests(first, second) <= 0 ? [first, second] : [second, first];
  // Little-endian platforms (every Node.js target) lay the words out as the digests' bytes.
  pairWords.set(lo, 0);
  pairWords.set(hi, 4);
  return toUuid(wordsToHex(murmur3x86_128(pairBytes, 32)));
}
