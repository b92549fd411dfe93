/**
 * Seeded pseudo-random numbers for reproducible resampling (bootstrap intervals, synthetic
 * benchmark data). The generator is xoshiro128** 1.1 (Blackman & Vigna, "Scrambled linear
 * pseudorandom number generators", ACM TOMS 2021; reference C at prng.di.unimi.it), seeded
 * through SplitMix32 so that any integer seed, including 0, gives a well-mixed state.
 * Math.random cannot be seeded, and a bootstrap interval a reader cannot reproduce is not
 * citable.
 */

export interface RandomSource {
  /** Next raw output, an unsigned 32-bit integer. */
  nextUint32(): number;
  /** Uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number;
  /** Uniform integer in [0, n) for an integer 1 <= n <= 2^32. */
  nextInt(n: number): number;
  /**
   * Fills `out` with uniform integers in [0, n), the same values as repeated nextInt(n) calls.
   * The bulk form keeps the state in locals: the bootstrap draws 10^8 of these.
   */
  fillInts(out: Int32Array | Uint32Array, n: number): void;
}

const TWO_POW_32 = 4294967296;
/** Below this bound x * n stays under 2^53, so Lemire's multiply-shift is exact. */
const EXACT_MULTIPLY_BOUND = 2097152;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

function splitMix32(state: number): [number, number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return [next, (z ^ (z >>> 15)) >>> 0];
}

/** Creates a generator from the raw 128-bit state (four uint32 words, not all zero). */
export function createRandomFromState(words: readonly [number, number, number, number]): RandomSource {
  let [s0, s1, s2, s3] = words.map((w) => w | 0) as [number, number, number, number];
  if ((s0 | s1 | s2 | s3) === 0) throw new Error('xoshiro128** state must not be all zero');

  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result >>> 0;
  };

  const nextFloat = (): number => {
    const high = nextUint32() >>> 5; // 27 bits
    const low = nextUint32() >>> 6; // 26 bits
    return (high * 67108864 + low) / 9007199254740992;
  };

  const nextInt = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
      throw new RangeError(`nextInt bound must be an integer in [1, 2^32], got ${n}`);
    }
    if (n > EXACT_MULTIPLY_BOUND) {
      // A bias of at most n / 2^53 per draw: far below anything a bootstrap can detect.
      return Math.floor(nextFloat() * n);
    }
    // Lemire (2019), "Fast random integer generation in an interval": unbiased by rejection.
    let m = nextUint32() * n;
    let low = m % TWO_POW_32;
    if (low < n) {
      const threshold = (TWO_POW_32 - n) % n;
      while (low < threshold) {
        m = nextUint32() * n;
        low = m % TWO_POW_32;
      }
    }
    return Math.floor(m / TWO_POW_32);
  };

  const fillInts = (out: Int32Array | Uint32Array, n: number): void => {
    if (!Number.isInteger(n) || n < 1 || n > EXACT_MULTIPLY_BOUND) {
      for (let i = 0; i < out.length; i++) out[i] = nextInt(n);
      return;
    }
    const threshold = (TWO_POW_32 - n) % n;
    let a = s0;
    let b = s1;
    let c = s2;
    let d = s3;
    for (let i = 0; i < out.length; i++) {
      for (;;) {
        const x = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
        const t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = rotl(d, 11);
        // Low 32 bits of x * n (Math.imul is exact modulo 2^32), then Lemire's rejection test.
        if (Math.imul(x, n) >>> 0 >= threshold) {
          out[i] = Math.floor((x * n) / TWO_POW_32);
          break;
        }
      }
    }
    s0 = a;
    s1 = b;
    s2 = c;
    s3 = d;
  };

  return { nextUint32, nextFloat, nextInt, fillInts };
}

/** Creates a generator from a safe-integer seed; equal seeds give equal streams. */
export function createRandom(seed: number): RandomSource {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  // Fold the high bits in so that seeds differing only above bit 32 still differ.
  let state = (seed >>> 0) ^ Math.imul(Math.floor(seed / TWO_POW_32) | 0, 0x85ebca6b);
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [next, output] = splitMix32(state);
    state = next;
    words.push(output);
  }
  const [a = 1, b = 0, c = 0, d = 0] = words;
  return createRandomFromState([a, b, c, d]);
}
