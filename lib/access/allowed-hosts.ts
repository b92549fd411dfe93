/**
 * Which host names the web server answers to (DNS rebinding defence). A web page can point a name
 * of its own at 127.0.0.1 or at a server on the reader's network; the browser then sends that name
 * as `Host`, treats the answers as the page's own origin, and the origin check
 * (lib/access/request-origin.ts) compares Origin with that same Host. So the web server
 * (lib/runtime/front-door.ts) refuses unknown names before any route runs:
 * - demo mode (PARALENS_DEMO=1) answers only to 127.0.0.1, localhost and [::1];
 * - otherwise to the host of AUTH_URL and the names in PARALENS_ALLOWED_HOSTS, loopback always
 *   included; with neither set it answers to any name (and start-up says so once).
 * Behind trusted proxies (TRUSTED_PROXY_HOPS > 0) the name that counts is X-Forwarded-Host when
 * the proxy sets it, as for the origin check.
 */
import { setting, type Env } from '@/lib/config/settings';

export const loopbackHostNames: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

export type HostPolicy = { kind: 'loopback' } | { kind: 'listed'; names: ReadonlySet<string> } | { kind: 'any' };

/** A `Host` value (`name`, `name:port`, `[v6]:port`) → its lower-case name (IPv6 in brackets), or null when malformed. */
export function hostNameOf(value: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::\d{1,5})?$/.exec(value.trim().toLowerCase());
  return match ? match[1]! : null;
}

export interface HostSettings {
  demo: boolean;
  /** AUTH_URL (or NEXTAUTH_URL) */
  authUrl?: string;
  /** PARALENS_ALLOWED_HOSTS: comma-separated host names */
  allowedHosts?: string;
}

export type HostPolicyResult = { ok: true; policy: HostPolicy } | { ok: false; problem: string };

/** The policy from the settings, or what is wrong with them. */
export function hostPolicyFrom({ demo, authUrl, allowedHosts }: HostSettings): HostPolicyResult {
  if (demo) return { ok: true, policy: { kind: 'loopback' } };
  const names = new Set<string>();
  if (authUrl?.trim()) {
    let host: string;
    try {
      host = new URL(authUrl.trim()).host;
    } catch {
      return { ok: false, problem: `AUTH_URL=${authUrl} is not a URL (e.g. https://paralens.example.org).` };
    }
    const name = hostNameOf(host);
    if (name) names.add(name);
  }
  for (const entry of (allowedHosts ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const name = hostNameOf(entry);
    if (!name)
      return {
        ok: false,
        problem: `PARALENS_ALLOWED_HOSTS names "${entry}", which is not a host name (write names like paralens.example.org, separated by commas).`,
      };
    names.add(name);
  }
  return { ok: true, policy: names.size > 0 ? { kind: 'listed', names } : { kind: 'any' } };
}

export function hostPolicyFromEnv(env: Env = process.env): HostPolicyResult {
  return hostPolicyFrom({
    demo: setting('PARALENS_DEMO', env),
    authUrl: setting('AUTH_URL', env),
    allowedHosts: setting('PARALENS_ALLOWED_HOSTS', env),
  });
}

export interface RequestHosts {
  /** the Host header */
  host: string | undefined;
  /** the X-Forwarded-Host header (counts only behind trusted proxies) */
  forwardedHost: string | undefined;
  trustedProxyHops: number;
}

/** Whether the request names a host this server answers to. */
export function isAllowedHost(policy: HostPolicy, { host, forwardedHost, trustedProxyHops }: RequestHosts): boolean {
  if (policy.kind === 'any') return true;
  const value = trustedProxyHops > 0 && forwardedHost?.trim() ? forwardedHost : host;
  if (!value) return false;
  // several proxies may each have appended one: every name must be one of ours
  return value.split(',').every((part) => {
    const name = hostNameOf(part);
    if (name === null) return false;
    return loopbackHostNames.includes(name) || (policy.kind === 'listed' && policy.names.has(name));
  });
}

/** The plain-text answer (421) to a request for another host name. */
export function misdirectedMessage(policy: HostPolicy): string {
  return policy.kind === 'loopback'
    ? 'Paralens in demo mode answers only at 127.0.0.1, localhost or [::1].\n'
    : 'Paralens does not answer to this host name. Its administrator can add it to PARALENS_ALLOWED_HOSTS.\n';
}

/** The start-up line when any host name is answered, or null. */
export function openHostWarning(policy: HostPolicy): string | null {
  return policy.kind === 'any'
    ? 'paralens: the web server answers to any host name; set PARALENS_ALLOWED_HOSTS (or AUTH_URL) to the names it is reached by to refuse others (DNS rebinding).'
    : null;
}
