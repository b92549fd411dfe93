import { describe, expect, it } from 'vitest';
import { hostNameOf, hostPolicyFrom, hostPolicyFromEnv, isAllowedHost, openHostWarning, type HostPolicy } from './allowed-hosts';

function policyOf(settings: Parameters<typeof hostPolicyFrom>[0]): HostPolicy {
  const result = hostPolicyFrom(settings);
  if (!result.ok) throw new Error(result.problem);
  return result.policy;
}

const direct = (host: string | undefined, forwardedHost?: string) => ({ host, forwardedHost, trustedProxyHops: 0 });
const proxied = (host: string | undefined, forwardedHost?: string) => ({ host, forwardedHost, trustedProxyHops: 1 });

describe('hostNameOf', () => {
  it('lower-cases and drops the port', () => {
    expect(hostNameOf('LocalHost:3921')).toBe('localhost');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('[::1]')).toBe('[::1]');
    expect(hostNameOf('127.0.0.1')).toBe('127.0.0.1');
    expect(hostNameOf(' paralens.example.org ')).toBe('paralens.example.org');
  });

  it('refuses what is not a host', () => {
    for (const bad of [
      '',
      ':3000',
      'a b',
      'evil.example/',
      'user@evil.example',
      'localhost:port',
      '::1',
      'localhost.',
      'https://x.example',
    ])
      expect(hostNameOf(bad)).toBeNull();
  });
});

describe('demo mode', () => {
  const demo = policyOf({ demo: true, allowedHosts: 'paralens.example.org' });

  it('answers only to loopback names, with or without the port', () => {
    for (const host of ['127.0.0.1', '127.0.0.1:3921', 'localhost', 'localhost:3921', 'LOCALHOST:3921', '[::1]', '[::1]:3921'])
      expect(isAllowedHost(demo, direct(host))).toBe(true);
  });

  it('refuses every other name, the listed ones and other loopback addresses included', () => {
    for (const host of [
      'rebind.attacker.example:3921',
      'paralens.example.org',
      '127.0.0.2:3921',
      'localhost.:3921',
      '0.0.0.0:3921',
      '',
      undefined,
    ])
      expect(isAllowedHost(demo, direct(host))).toBe(false);
  });

  it('behind a trusted proxy judges X-Forwarded-Host, and ignores it without one', () => {
    expect(isAllowedHost(demo, proxied('127.0.0.1:3921', 'rebind.attacker.example'))).toBe(false);
    expect(isAllowedHost(demo, proxied('upstream:3921', 'localhost:8080'))).toBe(true);
    expect(isAllowedHost(demo, proxied('127.0.0.1:3921', 'localhost, rebind.attacker.example'))).toBe(false);
    expect(isAllowedHost(demo, direct('127.0.0.1:3921', 'rebind.attacker.example'))).toBe(true);
    expect(isAllowedHost(demo, proxied('rebind.attacker.example', ' '))).toBe(false);
  });
});

describe('outside demo mode', () => {
  it('answers to the host of AUTH_URL and the listed names, loopback always included', () => {
    const policy = policyOf({
      demo: false,
      authUrl: 'https://Paralens.Example.org/app',
      allowedHosts: 'lab-server, 192.0.2.7:3000 ,[2001:db8::1]',
    });
    for (const host of [
      'paralens.example.org',
      'paralens.example.org:443',
      'lab-server:3000',
      '192.0.2.7',
      '[2001:db8::1]:3000',
      'localhost:3000',
    ])
      expect(isAllowedHost(policy, direct(host))).toBe(true);
    for (const host of ['rebind.attacker.example', 'evil.paralens.example.org', 'lab-server.attacker.example'])
      expect(isAllowedHost(policy, direct(host))).toBe(false);
    expect(isAllowedHost(policy, proxied('10.0.0.5:3000', 'paralens.example.org'))).toBe(true);
    expect(isAllowedHost(policy, proxied('paralens.example.org', 'rebind.attacker.example'))).toBe(false);
  });

  it('with neither setting answers to any name, and says so once at start-up', () => {
    const policy = policyOf({ demo: false, authUrl: '', allowedHosts: ' , ' });
    expect(policy.kind).toBe('any');
    expect(isAllowedHost(policy, direct('rebind.attacker.example'))).toBe(true);
    expect(openHostWarning(policy)).toContain('PARALENS_ALLOWED_HOSTS');
    expect(openHostWarning(policyOf({ demo: true }))).toBeNull();
  });

  it('reads the environment: PARALENS_DEMO, AUTH_URL or NEXTAUTH_URL, PARALENS_ALLOWED_HOSTS', () => {
    expect(hostPolicyFromEnv({ PARALENS_DEMO: '1' })).toEqual({ ok: true, policy: { kind: 'loopback' } });
    expect(hostPolicyFromEnv({ PARALENS_DEMO: '0', NEXTAUTH_URL: 'http://lab:3000' })).toEqual({
      ok: true,
      policy: { kind: 'listed', names: new Set(['lab']) },
    });
    expect(hostPolicyFromEnv({})).toEqual({ ok: true, policy: { kind: 'any' } });
  });

  it('names a malformed setting', () => {
    const problem = (settings: Parameters<typeof hostPolicyFrom>[0]) => {
      const result = hostPolicyFrom(settings);
      return result.ok ? null : result.problem;
    };
    expect(problem({ demo: false, authUrl: 'paralens.example.org' })).toContain('AUTH_URL=paralens.example.org is not a URL');
    expect(problem({ demo: false, allowedHosts: 'good.example, https://bad.example' })).toContain('"https://bad.example"');
  });
});
