import { describe, expect, it } from 'vitest';
import { hasSessionCookie } from './session-cookie';

describe('hasSessionCookie', () => {
  it('recognises the plain, secure and chunked Auth.js session cookies', () => {
    expect(hasSessionCookie(['authjs.session-token'])).toBe(true);
    expect(hasSessionCookie(['__Secure-authjs.session-token'])).toBe(true);
    expect(hasSessionCookie(['authjs.session-token.0', 'authjs.session-token.1'])).toBe(true);
  });

  it('ignores other cookies', () => {
    expect(hasSessionCookie([])).toBe(false);
    expect(hasSessionCookie(['authjs.callback-url', 'authjs.csrf-token', 'xauthjs.session-token'])).toBe(false);
  });
});
