/**
 * Which address a request comes from. The socket's peer address, unless the operator says how many
 * reverse proxies in front of the app to trust (TRUSTED_PROXY_HOPS = n): then the n-th entry from
 * the right of the chain "X-Forwarded-For entries, then the socket address" (each trusted proxy
 * appends the address it received the request from; entries further left are whatever the client
 * sent). This is the rule of Express's `trust proxy = n` and of MDN's X-Forwarded-For guidance.
 * Pure: the web server (lib/runtime/web-server.ts) applies it, the sign-in reads its result.
 */
import { isIP } from 'node:net';

/** The request header the Paralens web server sets (and strips from incoming requests). */
export const clientAddressHeader = 'x-paralens-client-address';

/** Set on globalThis by the Paralens web server, so the app only trusts clientAddressHeader when that server set it. */
export const clientAddressMarker = Symbol.for('paralens.client-address-header');

/** A valid IP address in canonical-enough form (IPv4-mapped IPv6 as IPv4, no port, no brackets), or null. */
export function normaliseAddress(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let value = raw.trim();
  if (value.length === 0 || value.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(value);
  if (mapped?.[1]) value = mapped[1];
  return isIP(value) === 0 ? null : value;
}

/** The client address under `hops` trusted proxies; null when the chosen entry is not an IP address. */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string | null {
  if (hops === 0) return normaliseAddress(socketAddress);
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const chain = [...forwarded, socketAddress ?? ''];
  // Fewer entries than trusted hops: the request skipped a proxy; the leftmost entry is the furthest we know.
  const chosen = chain[Math.max(0, chain.length - 1 - hops)];
  return normaliseAddress(chosen);
}

/** Expands an IPv6 address to its eight 16-bit groups (an embedded dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What the per-address counters count: an IPv4 address as is, an IPv6 address by its /64 network
 * (one host commonly holds a whole /64, so single IPv6 addresses are free to rotate).
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((g) => g.toString(16));
  return `${prefix.join(':')}::/64`;
}
