import { describe, expect, it } from 'vitest';
import { canUseArea, isRoleName, rolesForArea } from './roles';
import { homePathFor, navItemsFor } from './navigation';

describe('role policy', () => {
  it('annotators only annotate', () => {
    expect(canUseArea('ANNOTATOR', 'annotate')).toBe(true);
    for (const area of ['corpora', 'campaigns', 'dashboards', 'adjudicate', 'explore', 'mining', 'admin'] as const) {
      expect(canUseArea('ANNOTATOR', area)).toBe(false);
    }
  });

  it('researchers use everything but user administration', () => {
    expect(canUseArea('RESEARCHER', 'corpora')).toBe(true);
    expect(canUseArea('RESEARCHER', 'dashboards')).toBe(true);
    expect(canUseArea('RESEARCHER', 'mining')).toBe(true);
    expect(canUseArea('RESEARCHER', 'admin')).toBe(false);
  });

  it('admins use every area', () => {
    expect(rolesForArea('admin')).toEqual(['ADMIN']);
    for (const area of ['annotate', 'corpora', 'campaigns', 'dashboards', 'adjudicate', 'explore', 'mining', 'admin'] as const) {
      expect(canUseArea('ADMIN', area)).toBe(true);
    }
  });

  it('recognises role names', () => {
    expect(isRoleName('ADMIN')).toBe(true);
    expect(isRoleName('admin')).toBe(false);
    expect(isRoleName(undefined)).toBe(false);
  });
});

describe('navigation', () => {
  it('shows each role its areas, in order', () => {
    expect(navItemsFor('ANNOTATOR').map((i) => i.label)).toEqual(['My campaigns']);
    expect(navItemsFor('RESEARCHER').map((i) => i.label)).toEqual([
      'My campaigns',
      'Corpora',
      'Explorer',
      'Campaigns',
      'Dashboards',
      'Mining',
      'Exports',
    ]);
    expect(navItemsFor('ADMIN').map((i) => i.label)).toEqual([
      'My campaigns',
      'Corpora',
      'Explorer',
      'Campaigns',
      'Dashboards',
      'Mining',
      'Exports',
      'Users',
      'Models',
      'Model endpoints',
      'Backups',
      'Audit log',
    ]);
  });

  it('sends annotators to their campaigns and the others to the corpora', () => {
    expect(homePathFor('ANNOTATOR')).toBe('/annotate');
    expect(homePathFor('RESEARCHER')).toBe('/corpora');
    expect(homePathFor('ADMIN')).toBe('/corpora');
  });
});
