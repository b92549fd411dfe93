import { describe, expect, it } from 'vitest';
import { demoHostProblem, isLoopbackHost } from './demo';

describe('demo mode stays on this machine', () => {
  it('accepts loopback listening addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(demoHostProblem(host)).toBeNull();
    }
  });

  it('refuses every other address and any host name but localhost', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'paralens.example.org', '128.0.0.1', '::ffff:10.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
      expect(demoHostProblem(host)?.cause).toContain(`HOST=${host}`);
    }
  });
});
