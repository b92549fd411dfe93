import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, canChangeStatus, nextStatuses, statusActionLabel } from './campaign-status';

describe('campaign status changes', () => {
  it('follows draft → active ⇄ paused → closed', () => {
    expect(canChangeStatus('DRAFT', 'ACTIVE')).toBe(true);
    expect(canChangeStatus('ACTIVE', 'PAUSED')).toBe(true);
    expect(canChangeStatus('PAUSED', 'ACTIVE')).toBe(true);
    expect(canChangeStatus('ACTIVE', 'CLOSED')).toBe(true);
    expect(canChangeStatus('PAUSED', 'CLOSED')).toBe(true);
  });

  it('never goes back to draft, never leaves closed, never stays put', () => {
    for (const from of CAMPAIGN_STATUSES) {
      expect(canChangeStatus(from, 'DRAFT')).toBe(false);
      expect(canChangeStatus(from, from)).toBe(false);
    }
    expect(nextStatuses('CLOSED')).toEqual([]);
    expect(canChangeStatus('DRAFT', 'PAUSED')).toBe(false);
  });

  it('words the buttons by where the campaign comes from', () => {
    expect(statusActionLabel('DRAFT', 'ACTIVE')).toBe('Activate');
    expect(statusActionLabel('PAUSED', 'ACTIVE')).toBe('Resume');
    expect(statusActionLabel('ACTIVE', 'PAUSED')).toBe('Pause');
    expect(statusActionLabel('DRAFT', 'CLOSED')).toBe('Close campaign…');
  });
});
