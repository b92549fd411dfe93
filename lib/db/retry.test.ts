import { describe, expect, it } from 'vitest';
import { isTransientDbError, withDbRetry } from './retry';

// The shape Prisma 7 gives a failed raw query on the pg driver adapter (seen in a db test).
const prismaError = (sqlstate: string) =>
  Object.assign(new Error('Raw query failed.'), {
    code: 'P2010',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: sqlstate, originalMessage: 'x' } } },
  });

describe('isTransientDbError', () => {
  it('retries what passes: serialization, deadlock, lock and statement timeouts, lost connections', () => {
    for (const code of ['40001', '40P01', '55P03', '57014', '08006', '57P01', '53300'])
      expect([code, isTransientDbError(prismaError(code))]).toEqual([code, true]);
    expect(isTransientDbError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientDbError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not retry what a retry cannot fix', () => {
    for (const code of ['23505', '23514', '42P01', '42601', 'P0001', '22P02'])
      expect([code, isTransientDbError(prismaError(code))]).toEqual([code, false]);
    expect(isTransientDbError(new Error('simulated stop'))).toBe(false);
    expect(isTransientDbError(null)).toBe(false);
  });
});

describe('withDbRetry', () => {
  it('tries again after growing waits, then gives up with the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withDbRetry(
        () => {
          calls += 1;
          return Promise.reject(prismaError('40001'));
        },
        { attempts: 3, firstDelayMs: 1, onRetry: (_e, _a, d) => waits.push(d) },
      ),
    ).rejects.toThrow('Raw query failed.');
    expect([calls, waits]).toEqual([3, [1, 2]]);
    calls = 0;
    expect(
      await withDbRetry(() => (++calls < 2 ? Promise.reject(prismaError('40P01')) : Promise.resolve('ok')), { firstDelayMs: 1 }),
    ).toBe('ok');
    calls = 0;
    await expect(
      withDbRetry(
        () => {
          calls += 1;
          return Promise.reject(prismaError('23505'));
        },
        { firstDelayMs: 1 },
      ),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
