/** Auth.js (next-auth v5) with the Credentials provider: email and password, JWT sessions. */
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { authConfig } from './config';
import { requestClientAddress } from './request-address';
import { verifyCredentials } from './verify-credentials';

export class RateLimitedSignIn extends CredentialsSignin {
  override code = 'rate_limited';
  constructor(readonly retryAfterMs: number) {
    super();
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers: [
    Credentials({
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials, request) {
        const result = await verifyCredentials(credentials, requestClientAddress(request.headers));
        if (result.ok) return { id: String(result.userId), sessionVersion: result.sessionVersion };
        if (result.reason === 'rate_limited') throw new RateLimitedSignIn(result.retryAfterMs);
        return null;
      },
    }),
  ],
});
