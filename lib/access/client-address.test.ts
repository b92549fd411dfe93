import { describe, expect, it } from 'vitest';
import { addressBucket, normaliseAddress, resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1, 192.0.2.9', 0)).toBe('203.0.113.7');
    expect(resolveClientAddress('::ffff:127.0.0.1', '10.9.9.9', 0)).toBe('127.0.0.1');
  });

  it('takes the n-th address from the right of "X-Forwarded-For, socket" with n trusted proxies', () => {
    // client 198.51.100.1 → proxy A (appends the client) → proxy B 10.0.0.2 (appends A = 10.0.0.1) → app
    const xff = 'spoofed-by-client, 198.51.100.1, 10.0.0.1';
    expect(resolveClientAddress('10.0.0.2', xff, 1)).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.2', xff, 2)).toBe('198.51.100.1');
    // one trusted proxy: what the client itself put in front is not believed
    expect(resolveClientAddress('10.0.0.1', '1.1.1.1, 198.51.100.1', 1)).toBe('198.51.100.1');
  });

  it('uses the furthest entry when the chain is shorter than the trusted hops', () => {
    expect(resolveClientAddress('10.0.0.2', '198.51.100.1', 3)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
  });

  it('answers null when the chosen entry is not an IP address', () => {
    expect(resolveClientAddress('10.0.0.2', 'evil, not-an-ip', 1)).toBeNull();
    expect(resolveClientAddress(undefined, undefined, 0)).toBeNull();
  });
});

describe('normaliseAddress', () => {
  it('accepts IPv4 and IPv6, strips ports and brackets, unmaps IPv4-mapped IPv6', () => {
    expect(normaliseAddress(' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(normaliseAddress('192.0.2.1:8080')).toBe('192.0.2.1');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
  });

  it('rejects anything else, and overlong values', () => {
    for (const bad of [
      '',
      'unknown',
      'localhost',
      '999.1.1.1',
      '01.2.3.4',
      '1.2.3',
      `${'1'.repeat(70)}`,
      'a'.repeat(10_000),
      null,
      undefined,
    ]) {
      expect(normaliseAddress(bad), String(bad)).toBeNull();
    }
  });
});

describe('addressBucket', () => {
  it('keeps IPv4 addresses and groups IPv6 addresses by /64', () => {
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('64:ff9b:1::192.0.2.1')).toBe('64:ff9b:1:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
