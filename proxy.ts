/**
 * Next 16 proxy: only redirects signed-out visitors of pages to /login. It is not an access
 * check: pages, actions and API routes check the user's role themselves (lib/auth/guards.ts).
 */
import NextAuth from 'next-auth';
import { authConfig } from '@/lib/auth/config';

const { auth } = NextAuth(authConfig);

export default auth;

export const config = {
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|robots.txt).*)'],
};
