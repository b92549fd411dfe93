import { describe, expect, it } from 'vitest';
import { PSEUDONYM_PATTERN, pseudonymFromBytes } from './pseudonym';

describe('pseudonymFromBytes', () => {
  it('maps the low five bits of each byte to the RFC 4648 base32 alphabet', () => {
    expect(pseudonymFromBytes(Uint8Array.from([0, 1, 25, 26, 31, 32 + 7]))).toBe('ann-abz27h');
    expect(pseudonymFromBytes(Uint8Array.from([255, 255, 255, 255, 255, 255]))).toMatch(PSEUDONYM_PATTERN);
    expect(() => pseudonymFromBytes(new Uint8Array(5))).toThrow();
  });
});
