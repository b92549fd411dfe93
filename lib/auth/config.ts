/** The part of the Auth.js configuration that needs no database: pages, JWT session, callbacks. */
import type { NextAuthConfig } from 'next-auth';

export const authConfig = {
  trustHost: true,
  pages: { signIn: '/login' },
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  providers: [],
  logger: {
    // A wrong password is an expected outcome (answered on the form and in the audit log), not a server error.
    error(error) {
      const name = (error as Error & { type?: string }).type ?? error.name;
      if (name === 'CredentialsSignin') return;
      console.error('[auth]', error);
    },
  },
  callbacks: {
    // The token carries the user's session version at sign-in; the guards compare it with the
    // database on every request, so a bumped version ends the session (lib/db/users.ts).
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
