import { describe, expect, it } from 'vitest';
import {
  describeConnectionPlan,
  JOB_PROCESS_CONNECTIONS,
  MIN_POOL,
  planConnections,
  resolveWebProcesses,
  SPARE_CONNECTIONS,
  SUPERVISOR_CONNECTIONS,
} from './web-processes';

const base = { maxConnections: 100, reserved: 3, processes: 1, prismaPool: 10, sqlPool: 10, jobConcurrency: 2 };
const others = SUPERVISOR_CONNECTIONS + 2 * JOB_PROCESS_CONNECTIONS + SPARE_CONNECTIONS; // 14 + 2 × 16 + 5 = 51

describe('resolveWebProcesses', () => {
  it('auto is one per core (at least one); a number is itself', () => {
    expect(resolveWebProcesses('auto', 8)).toBe(8);
    expect(resolveWebProcesses('auto', 0)).toBe(1);
    expect(resolveWebProcesses(3, 8)).toBe(3);
  });
});

describe('planConnections', () => {
  it('keeps the pools asked for while every process fits', () => {
    // 97 usable − 51 for jobs and tools = 46: two processes of 20 fit
    expect(others).toBe(51);
    const plan = planConnections({ ...base, processes: 2 });
    expect(plan).toEqual({ ok: true, prismaPool: 10, sqlPool: 10, isReduced: false, web: 40, others, usable: 97 });
  });

  it('cuts both pools in proportion when N × pool would pass max_connections, and stays under it', () => {
    for (const processes of [3, 4, 5, 8, 11]) {
      const plan = planConnections({ ...base, processes });
      if (!plan.ok) throw new Error(plan.problem);
      expect(plan.isReduced).toBe(true);
      expect(plan.prismaPool).toBeGreaterThanOrEqual(MIN_POOL);
      expect(plan.sqlPool).toBeGreaterThanOrEqual(MIN_POOL);
      const perProcess = plan.prismaPool + plan.sqlPool;
      expect(processes * perProcess + others).toBeLessThanOrEqual(97);
      // nothing left unused that a whole process's share could have had
      expect(processes * (perProcess + 1) + others).toBeGreaterThan(97);
    }
    const three = planConnections({ ...base, processes: 3 });
    expect(three).toMatchObject({ prismaPool: 7, sqlPool: 8, web: 45 }); // floor(46 / 3) = 15
  });

  it('keeps uneven pools in their proportion', () => {
    const plan = planConnections({ ...base, processes: 3, prismaPool: 5, sqlPool: 20 });
    expect(plan).toMatchObject({ ok: true, prismaPool: 3, sqlPool: 12 }); // 15 per process, as 5 : 20
  });

  it('refuses, naming what to change, when not even the smallest pools fit', () => {
    const plan = planConnections({ ...base, processes: 12 }); // 46 / 12 = 3 < 4
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problem).toContain('max_connections 100');
    expect(plan.hint).toContain('PARALENS_WEB_PROCESSES');
  });

  it('says how the connections were shared out', () => {
    const input = { ...base, processes: 3 };
    const plan = planConnections(input);
    if (!plan.ok) throw new Error(plan.problem);
    expect(describeConnectionPlan(plan, input)).toBe(
      "Database connections: 3 web processes × (7 Prisma + 8 SQL) = 45 (cut from 10 + 10 to stay under the limit; PARALENS_DB_POOL_SIZE, PARALENS_SQL_POOL_SIZE), beside up to 51 for jobs and tools, under PostgreSQL's max_connections 100 (3 reserved).",
    );
  });
});
