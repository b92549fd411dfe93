/** Authentication for Next.js route handlers: lib/auth/header-auth.ts's rules, the session read by Auth.js's `auth()`. */
import { authenticateHeaders, type AuthOptions, type RequestAuth } from './header-auth';
import { authenticate } from './guards';

export type { RequestAuth };

export function authenticateRequest(request: Request, options: AuthOptions = {}): Promise<RequestAuth> {
  return authenticateHeaders(request.method, request.headers, authenticate, options);
}
