import { describe, expect, it } from 'vitest';
import { isCreatorOrAdmin } from './ownership';

describe('isCreatorOrAdmin', () => {
  it('lets the creator and admins act, nobody else; without a creator, only admins', () => {
    expect(isCreatorOrAdmin({ id: 2, role: 'RESEARCHER' }, 2)).toBe(true);
    expect(isCreatorOrAdmin({ id: 2, role: 'RESEARCHER' }, 3)).toBe(false);
    expect(isCreatorOrAdmin({ id: 1, role: 'ADMIN' }, 3)).toBe(true);
    expect(isCreatorOrAdmin({ id: 2, role: 'RESEARCHER' }, null)).toBe(false);
    expect(isCreatorOrAdmin({ id: 1, role: 'ADMIN' }, null)).toBe(true);
  });
});
