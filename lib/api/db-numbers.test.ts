import { describe, expect, it } from 'vitest';
import { dbId, dbIdText, dbInt, INT4_MAX, parseDbId } from './db-numbers';

describe('numbers bounded by what their columns hold', () => {
  it('accepts ids from 1 to 2³¹−1 and refuses the rest with what is wrong', () => {
    for (const ok of [1, 42, INT4_MAX]) expect(dbId.parse(ok)).toBe(ok);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, Number.MAX_SAFE_INTEGER, 1e20])
      expect(dbId.safeParse(bad).success, String(bad)).toBe(false);
    expect(dbId.safeParse(INT4_MAX + 1).error?.issues[0]?.message).toBe('must be an id from 1 to 2147483647');
  });

  it('reads ids from URLs: digits only, within the int4 range', () => {
    expect(dbIdText.parse('17')).toBe(17);
    for (const bad of ['0', '2147483648', '9007199254740991', '1e20', '-4', 'abc'])
      expect(dbIdText.safeParse(bad).success, bad).toBe(false);
    expect(parseDbId('2147483647')).toBe(INT4_MAX);
    for (const bad of ['2147483648', '99999999999', '0x10', '1.0', '', null, undefined])
      expect(parseDbId(bad), String(bad)).toBeNull();
  });

  it('bounds any int4 value', () => {
    expect(dbInt.parse(-2147483648)).toBe(-2147483648);
    expect(dbInt.safeParse(2147483648).success).toBe(false);
  });
});
