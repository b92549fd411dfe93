/** Names of the Auth.js session cookie (plain, secure-prefixed, and chunked variants). */
const sessionCookie = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

export function hasSessionCookie(cookieNames: string[]): boolean {
  return cookieNames.some((name) => sessionCookie.test(name));
}
