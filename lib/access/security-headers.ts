/**
 * Security headers of every response (next.config.ts) and the content security policy of pages
 * (proxy.ts, with a fresh nonce per request: Next.js puts it on its own scripts, see the Next 16
 * guide "Content Security Policy"). Scripts run only with the nonce ('strict-dynamic' lets them
 * load Next's chunks); styles allow inline because React renders `style` attributes, which nonces
 * cannot cover. Nothing may frame the app.
 */
export function pageContentSecurityPolicy(nonce: string, isDevelopment = false): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code to rebuild server stacks; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Commons thumbnails on pair pages (Special:FilePath redirects to upload.wikimedia.org).
    "img-src 'self' data: blob: https://commons.wikimedia.org https://upload.wikimedia.org",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never documents to render or frame. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

export const securityHeaders: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

/** A nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
