import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddressHeader, clientAddressMarker } from '@/lib/access/client-address';
import { requestClientAddress } from './request-address';

const marker = globalThis as Record<symbol, unknown>;
afterEach(() => {
  delete marker[clientAddressMarker];
});

describe('requestClientAddress', () => {
  const headers = new Headers({ [clientAddressHeader]: '192.0.2.7' });

  it('believes the header only when the Paralens web server runs in this process', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(requestClientAddress(headers)).toBeNull();
    marker[clientAddressMarker] = true;
    expect(requestClientAddress(headers)).toBe('192.0.2.7');
  });

  it('validates the value', () => {
    marker[clientAddressMarker] = true;
    expect(requestClientAddress(new Headers({ [clientAddressHeader]: 'not-an-address' }))).toBeNull();
    expect(requestClientAddress(new Headers())).toBeNull();
  });
});
