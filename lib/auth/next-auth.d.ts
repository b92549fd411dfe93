/** The session version travels from sign-in (authorize) through the JWT into the session (see config.ts). */
import 'next-auth';

declare module 'next-auth' {
  interface User {
    sessionVersion?: number;
  }
  interface Session {
    sessionVersion?: number;
  }
}
