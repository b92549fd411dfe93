/**
 * Next 16 proxy: redirects visitors without a session cookie to /login. It is deliberately not an
 * access check (pages, actions and API routes check the user and role themselves, see
 * lib/auth/guards.ts) and it never re-issues the session cookie: a re-issued cookie on a request
 * that raced a sign-out would sign the user back in.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { hasSessionCookie } from '@/lib/auth/session-cookie';

export default function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/login' || hasSessionCookie(request.cookies.getAll().map((c) => c.name))) return NextResponse.next();
  const login = new URL('/login', request.nextUrl);
  login.searchParams.set('callbackUrl', `${pathname}${search}`);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|robots.txt).*)'],
};
