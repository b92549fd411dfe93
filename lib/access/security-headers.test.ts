import { describe, expect, it } from 'vitest';
import { createNonce, pageContentSecurityPolicy } from './security-headers';

describe('pageContentSecurityPolicy', () => {
  it('allows scripts only with the nonce and forbids framing', () => {
    const csp = pageContentSecurityPolicy('abc123');
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
  });

  it("adds 'unsafe-eval' in development only", () => {
    expect(pageContentSecurityPolicy('n', true)).toContain("'nonce-n' 'strict-dynamic' 'unsafe-eval'");
  });
});

describe('createNonce', () => {
  it('is 128 random bits in base64, different each time', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
});
