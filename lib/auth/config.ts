/** The part of the Auth.js configuration that needs no database: pages, JWT session, callbacks. */
import type { NextAuthConfig } from 'next-auth';

export const authConfig = {
  trustHost: true,
  pages: { signIn: '/login' },
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  providers: [],
  logger: {
    // A wrong password is an expected outcome (answered on the form and in the audit log), not a server error.
    // Nor is a session cookie that cannot be read (expired, from an old secret, forged): the visitor
    // is treated as signed out; one line, not a stack per request.
    error(error) {
      const name = (error as Error & { type?: string }).type ?? error.name;
      if (name === 'CredentialsSignin') return;
      if (name === 'JWTSessionError') return console.warn('[auth] ignored a session cookie that could not be read');
      console.error('[auth]', error);
    },
  },
  callbacks: {
    // The token carries the user's session version at sign-in; the guards compare it with the
    // database on every request, so a bumped version ends the session (lib/db/accounts/users.ts).
    jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.sv = user.sessionVersion;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.sv === 'number') session.sessionVersion = token.sv;
      return session;
    },
  },
} satisfies NextAuthConfig;
