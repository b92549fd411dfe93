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
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
} satisfies NextAuthConfig;
