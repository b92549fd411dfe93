import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressHeader } from '@/lib/access/client-address';
import { prepareRequestHeaders } from './web-server';

function request(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, headers: { ...headers } } as unknown as IncomingMessage;
}

describe('prepareRequestHeaders', () => {
  it('sets the client address from the socket and drops what the client claimed', () => {
    const req = request('::ffff:192.0.2.10', {
      [clientAddressHeader]: '10.0.0.1',
      'x-forwarded-for': '198.51.100.1',
      'x-forwarded-host': 'evil.example',
      'x-real-ip': '198.51.100.2',
      host: 'paralens.example.org',
    });
    prepareRequestHeaders(req, 0);
    expect(req.headers).toEqual({ [clientAddressHeader]: '192.0.2.10', host: 'paralens.example.org' });
  });

  it('with trusted proxies, takes the address they recorded and keeps their forwarding headers', () => {
    const req = request('10.0.0.2', { [clientAddressHeader]: '1.1.1.1', 'x-forwarded-for': '6.6.6.6, 198.51.100.1', 'x-forwarded-proto': 'https' });
    prepareRequestHeaders(req, 1);
    expect(req.headers[clientAddressHeader]).toBe('198.51.100.1');
    expect(req.headers['x-forwarded-proto']).toBe('https');
  });

  it('falls back to the socket when the trusted entry is not an address', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': 'garbage' });
    prepareRequestHeaders(req, 1);
    expect(req.headers[clientAddressHeader]).toBe('10.0.0.2');
  });
});
