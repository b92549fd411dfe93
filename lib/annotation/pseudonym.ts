/**
 * Pseudonyms: how annotators appear in exports and to others, never by email. "ann-" and six
 * characters of the RFC 4648 base32 alphabet (lower case), about 10^9 values; the database keeps
 * them unique and a clash draws again. Pure (the random bytes come from the caller).
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const PSEUDONYM_PATTERN = /^ann-[a-z2-7]{6}$/;

/** A pseudonym from six random bytes (each byte's low five bits pick a character). */
export function pseudonymFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 6) throw new Error('a pseudonym needs six random bytes');
  let out = 'ann-';
  for (let i = 0; i < 6; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}
