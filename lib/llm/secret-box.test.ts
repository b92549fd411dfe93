import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, SecretBoxError } from './secret-box';

const SECRET = 'a-random-auth-secret-of-forty-four-characters';
const KEY = 'sk-proj-ThisIsNotARealKey1234567890';

describe('secret box', () => {
  it('round-trips, with a fresh IV each time and nothing readable in the sealed text', () => {
    const a = sealSecret(KEY, SECRET);
    const b = sealSecret(KEY, SECRET);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('ThisIsNotARealKey');
    expect(openSecret(a, SECRET)).toBe(KEY);
    expect(openSecret(b, SECRET)).toBe(KEY);
    expect(openSecret(sealSecret('ключ 🔑', SECRET), SECRET)).toBe('ключ 🔑');
  });

  it('says the AUTH_SECRET changed when opened with another one, without the key or the secrets', () => {
    const sealed = sealSecret(KEY, SECRET);
    let error: unknown;
    try {
      openSecret(sealed, 'another-secret');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SecretBoxError);
    const message = (error as Error).message;
    expect(message).toMatch(/AUTH_SECRET has changed.*Enter the key again/);
    for (const leaked of [KEY, SECRET, 'another-secret']) expect(message).not.toContain(leaked);
  });

  it('refuses altered, damaged and unknown formats', () => {
    const [v, iv, ct, tag] = sealSecret(KEY, SECRET).split(':');
    const flipped = Buffer.from(ct!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret([v, iv, flipped.toString('base64'), tag].join(':'), SECRET)).toThrow(/cannot be opened/);
    expect(() => openSecret([v, 'AAAA', ct, tag].join(':'), SECRET)).toThrow(/damaged/);
    expect(() => openSecret(KEY, SECRET)).toThrow(/not in a format/);
    expect(() => openSecret(`v2:${iv}:${ct}:${tag}`, SECRET)).toThrow(/not in a format/);
    expect(() => sealSecret(KEY, '')).toThrow(/AUTH_SECRET is empty/);
  });
});
