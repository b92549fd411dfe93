/**
 * Next 16 proxy: gives every page a content security policy with a fresh nonce (Next puts it on
 * its scripts; lib/access/security-headers.ts), and redirects visitors without a session cookie to
 * /login. The redirect is deliberately not an access check (pages, actions and API routes check
 * the user and role themselves, see lib/auth/guards.ts) and it never re-issues the session cookie:
 * a re-issued cookie on a request that raced a sign-out would sign the user back in.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { hasSessionCookie } from '@/lib/auth/session-cookie';
import { createNonce, pageContentSecurityPolicy } from '@/lib/access/security-headers';

export default function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const csp = pageContentSecurityPolicy(createNonce(), process.env.NODE_ENV === 'development');
  let response: NextResponse;
  if (pathname === '/login' || hasSessionCookie(request.cookies.getAll().map((c) => c.name))) {
    // Next reads the nonce from the request's policy while rendering.
    const headers = new Headers(request.headers);
    headers.set('content-security-policy', csp);
    response = NextResponse.next({ request: { headers } });
  } else {
    const login = new URL('/login', request.nextUrl);
    login.searchParams.set('callbackUrl', `${pathname}${search}`);
    response = NextResponse.redirect(login);
  }
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = {
  // the icon is public: the sign-in page shows it to visitors without a session
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)'],
};
