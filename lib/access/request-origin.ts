/**
 * Cross-site request forgery defence for route handlers: a request that changes something and is
 * authenticated by the session cookie must come from a page of this site, i.e. carry an Origin
 * header naming this host (browsers send Origin with every POST, PUT, PATCH and DELETE). Requests
 * authenticated by an `Authorization: Bearer` token are exempt: a foreign page cannot attach that
 * header without a CORS preflight, which this app never grants, and no cookie authenticates them.
 * The check compares hosts (with port) like Next.js's own Server Action check.
 *
 * A GET that changes something (`GET /api/v1/campaigns/{id}/next` claims or renews a hold) is held
 * to the same rule: a link or an <img> on a foreign page must not claim pairs in the user's name.
 * Browsers send no Origin with a same-origin GET, so there `Sec-Fetch-Site: same-origin` (the
 * page's own fetch) or `none` (typed into the address bar, a bookmark) also counts as this site.
 */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function hasBearerToken(authorization: string | null): boolean {
  return authorization !== null && /^Bearer\s+\S/i.test(authorization);
}

export interface OriginCheck {
  method: string;
  /** the Origin header, or null when absent */
  origin: string | null;
  /** the host this server answers as: X-Forwarded-Host when a trusted proxy set it, else Host */
  host: string | null;
  /** the Sec-Fetch-Site header, or null when absent (only read for a GET that changes something) */
  fetchSite?: string | null;
  /** a GET, HEAD or OPTIONS that changes something: checked like a POST */
  changesState?: boolean;
}

/** Whether a cookie-authenticated request may proceed. */
export function isSameOriginRequest({ method, origin, host, fetchSite = null, changesState = false }: OriginCheck): boolean {
  if (safeMethods.has(method.toUpperCase())) {
    if (!changesState) return true;
    if (!origin) return fetchSite === 'same-origin' || fetchSite === 'none';
  }
  if (!origin || origin === 'null' || !host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
