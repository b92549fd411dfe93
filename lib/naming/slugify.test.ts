import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slugify';

describe('slugify', () => {
  it('keeps letters and digits, joins the rest with dashes', () => {
    expect(slugify('Wikipedia-IPC gold')).toBe('wikipedia-ipc-gold');
    expect(slugify('  MSRPC (train + test)  ')).toBe('msrpc-train-test');
    expect(slugify('Köroğlu Schießhüttenäcker')).toBe('koroglu-schiesshuttenacker');
  });

  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('corpus');
  });

  it('numbers slugs that are taken', () => {
    const taken = new Set(['paws', 'paws-2']);
    expect(uniqueSlug('PAWS', (s) => taken.has(s))).toBe('paws-3');
    expect(uniqueSlug('SICK', (s) => taken.has(s))).toBe('sick');
  });
});
