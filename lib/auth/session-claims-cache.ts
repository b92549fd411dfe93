/**
 * Decoded session cookies, kept so that a browser's every request does not decrypt its Auth.js
 * cookie again: each decryption derives the key (HKDF) and decrypts a JWE, about 5 % of a web
 * process's time with 1,000 annotators (docs/benchmarks.md). The same cookie always decodes to the
 * same claims, so a hit is what a decryption would give; an entry ends at the token's expiry, and
 * the claims are still checked against the user's current session version on every request
 * (lib/auth/session-user.ts), so a sign-out or a role change ends a cached session at once.
 * Bounded: at most `capacity` entries (the oldest goes first) and keys of at most `maxKeyLength`
 * characters, so no request can grow it without limit.
 */
export interface SessionClaims {
  sub: unknown;
  sv: unknown;
  /** When the token expires, in seconds since the epoch (the JWT's `exp`). */
  exp: number;
}

export class SessionClaimsCache {
  private readonly entries = new Map<string, SessionClaims>();

  constructor(
    private readonly capacity = 5000,
    private readonly maxKeyLength = 8192,
    private readonly now: () => number = Date.now,
  ) {}

  /** The claims stored for this key while the token has not expired, or undefined. */
  get(key: string): SessionClaims | undefined {
    const claims = this.entries.get(key);
    if (!claims) return undefined;
    if (claims.exp * 1000 <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return claims;
  }

  /** Keeps claims that carry an expiry, under a key that is not too long. */
  set(key: string, claims: { sub?: unknown; sv?: unknown; exp?: unknown }): void {
    if (key.length > this.maxKeyLength || typeof claims.exp !== 'number') return;
    if (claims.exp * 1000 <= this.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { sub: claims.sub, sv: claims.sv, exp: claims.exp });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
