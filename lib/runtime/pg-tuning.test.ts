import { describe, expect, it } from 'vitest';
import { parsePgSettings } from '@/lib/config/embedded-pg-settings';
import { describePgSettings, pgSettingFlags, tunedPgSettings } from './pg-tuning';

const GiB = 1024 ** 3;

describe('tunedPgSettings', () => {
  it('follows this machine (24 GiB, 2 cores): a quarter of memory for shared buffers, one parallel worker per query', () => {
    expect(tunedPgSettings({ memoryBytes: 24 * GiB, cores: 2 })).toEqual({
      shared_buffers: '6144MB',
      effective_cache_size: '12288MB',
      work_mem: '61MB',
      maintenance_work_mem: '1536MB',
      max_worker_processes: '8',
      max_parallel_workers: '2',
      max_parallel_workers_per_gather: '1',
      max_parallel_maintenance_workers: '1',
    });
  });

  it('stays within safe bounds on a small machine and on a large one', () => {
    const small = tunedPgSettings({ memoryBytes: 0.5 * GiB, cores: 1 });
    expect(small).toMatchObject({ shared_buffers: '128MB', work_mem: '4MB', maintenance_work_mem: '64MB' });
    expect(small.max_parallel_workers_per_gather).toBe('1');
    const large = tunedPgSettings({ memoryBytes: 512 * GiB, cores: 64 });
    expect(large).toMatchObject({ shared_buffers: '8192MB', work_mem: '64MB', maintenance_work_mem: '2048MB' });
    expect(large).toMatchObject({ max_parallel_workers_per_gather: '4', max_parallel_workers: '64', max_worker_processes: '64' });
  });
});

describe('parsePgSettings', () => {
  it('reads name=value pairs separated by commas or spaces', () => {
    expect(parsePgSettings('shared_buffers=2GB, work_mem=32MB  jit=off')).toEqual({
      shared_buffers: '2GB',
      work_mem: '32MB',
      jit: 'off',
    });
    expect(parsePgSettings(undefined)).toEqual({});
    expect(parsePgSettings('shared_preload_libraries=pg_stat_statements')).toEqual({
      shared_preload_libraries: 'pg_stat_statements',
    });
  });

  it('names an item that is not name=value, and refuses values that could smuggle another flag', () => {
    expect(parsePgSettings('work_mem')).toMatch(/"work_mem" is not a PostgreSQL setting as name=value/);
    expect(parsePgSettings('work_mem=32MB;drop')).toMatch(/"work_mem=32MB;drop"/);
    expect(parsePgSettings('=1')).toMatch(/"=1"/);
    expect(parsePgSettings('logging_collector=on')).toMatch(/logging_collector cannot be set/);
  });
});

describe('flags and the start-up line', () => {
  it('turns settings into -c flags and names the overridden ones', () => {
    expect(pgSettingFlags({ work_mem: '32MB', jit: 'off' })).toEqual(['-c', 'work_mem=32MB', '-c', 'jit=off']);
    const settings = { ...tunedPgSettings({ memoryBytes: 24 * GiB, cores: 2 }), work_mem: '32MB', jit: 'off' };
    expect(describePgSettings(settings, { memoryBytes: 24 * GiB, cores: 2 }, ['work_mem', 'jit'])).toBe(
      'PostgreSQL settings for this machine (24.0 GiB, 2 cores): shared_buffers 6144MB, work_mem 32MB (set), maintenance_work_mem 1536MB, max_parallel_workers_per_gather 1; also set: jit off. PARALENS_PG_SETTINGS overrides them.',
    );
  });
});
