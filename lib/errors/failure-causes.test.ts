import { describe, expect, it } from 'vitest';
import { describeDiskFull } from './disk-full';
import { isConnectionLost, isDatabaseDiskFull, isDiskFull, isLockTimeout } from './failure-causes';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('failure causes', () => {
  it('find a lost connection wherever pg, Prisma and node put it', () => {
    expect(isConnectionLost(coded('EPIPE', 'write EPIPE'))).toBe(true);
    expect(isConnectionLost(coded('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Prisma's driver adapter nests the driver's code
    expect(isConnectionLost({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '08006' } } } })).toBe(true);
    // Prisma's raw query, seen in CI when PostgreSQL stopped under a scoring job
    expect(isConnectionLost(new Error('Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`'))).toBe(true);
    expect(isConnectionLost(coded('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionLost(coded('ENOSPC'))).toBe(false);
  });

  it('tell a full disk here from PostgreSQL’s own, and a lock timeout', () => {
    expect(isDiskFull(coded('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe(true);
    expect(isDiskFull(coded('53100'))).toBe(false);
    expect(isDatabaseDiskFull(coded('53100', 'could not extend file: No space left on device'))).toBe(true);
    expect(isLockTimeout({ meta: { code: '55P03' } })).toBe(true);
    expect(isLockTimeout(coded('40001'))).toBe(false);
  });

  it('a full disk is described by folder, free space and space needed', () => {
    expect(
      describeDiskFull({
        folder: 'the exports folder (PARALENS_HOME/exports)',
        free: 60_000,
        needed: { bytes: 330_000, atLeast: false },
        what: 'the export',
        after: 'Free space there.',
      }),
    ).toBe(
      'The disk holding the exports folder (PARALENS_HOME/exports) is full (60.0 kB free): the export needs about 330 kB. Free space there.',
    );
    expect(
      describeDiskFull({
        folder: '/data',
        free: null,
        needed: { bytes: 2_000_000, atLeast: true },
        what: 'the backup',
        after: 'X.',
      }),
    ).toBe('The disk holding /data is full: the backup needs more than 2.00 MB. X.');
  });
});
