/**
 * The embedded PostgreSQL's memory and parallelism settings, from the machine's memory and cores
 * within safe bounds (PostgreSQL's own defaults are for a 1 GB machine: 128 MB of shared buffers,
 * 4 MB of work memory), and `PARALENS_PG_SETTINGS` overrides on top. Pure: the caller passes the
 * machine. Each setting becomes a `-c name=value` flag of the server; start-up prints them.
 *
 * The rules (the usual starting points, as in the PostgreSQL wiki's "Tuning Your PostgreSQL
 * Server"): shared buffers a quarter of memory (128 MB to 8 GB); the planner's cache size half of
 * memory; work memory a quarter of memory over the connections (4 to 64 MB: a sort or hash can use
 * it several times per query); maintenance memory a sixteenth (64 MB to 2 GB: index builds and
 * VACUUM); one parallel worker per query for every two cores (up to 4), and as many parallel
 * workers in all as cores.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

export interface Machine {
  memoryBytes: number;
  cores: number;
}

export type { PgSettings } from '@/lib/config/embedded-pg-settings';
import type { PgSettings } from '@/lib/config/embedded-pg-settings';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const megabytes = (bytes: number) => `${Math.floor(bytes / MB)}MB`;

/** max_connections the embedded server keeps (PostgreSQL's default): the pools are sized under it. */
export const EMBEDDED_MAX_CONNECTIONS = 100;

export function tunedPgSettings(machine: Machine): PgSettings {
  const memory = machine.memoryBytes;
  const cores = Math.max(1, Math.floor(machine.cores));
  const perQuery = clamp(Math.floor(cores / 2), 1, 4);
  return {
    shared_buffers: megabytes(clamp(memory / 4, 128 * MB, 8 * GB)),
    effective_cache_size: megabytes(clamp(memory / 2, 256 * MB, 64 * GB)),
    work_mem: megabytes(clamp(memory / 4 / EMBEDDED_MAX_CONNECTIONS, 4 * MB, 64 * MB)),
    maintenance_work_mem: megabytes(clamp(memory / 16, 64 * MB, 2 * GB)),
    max_worker_processes: String(Math.max(8, cores)),
    max_parallel_workers: String(cores),
    max_parallel_workers_per_gather: String(perQuery),
    max_parallel_maintenance_workers: String(perQuery),
  };
}

/** The tuned settings with the overrides on top, as the server's `-c` flags. */
export function pgSettingFlags(settings: PgSettings): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** One line for start-up: what the embedded server runs with, and how to change it. */
export function describePgSettings(settings: PgSettings, machine: Machine, overridden: string[]): string {
  const gib = (machine.memoryBytes / GB).toFixed(1);
  const shown = ['shared_buffers', 'work_mem', 'maintenance_work_mem', 'max_parallel_workers_per_gather']
    .filter((name) => settings[name] !== undefined)
    .map((name) => `${name} ${settings[name]}${overridden.includes(name) ? ' (set)' : ''}`);
  const others = overridden.filter((name) => !shown.some((s) => s.startsWith(`${name} `)));
  return `PostgreSQL settings for this machine (${gib} GiB, ${machine.cores} core${machine.cores === 1 ? '' : 's'}): ${shown.join(', ')}${others.length ? `; also set: ${others.map((n) => `${n} ${settings[n]}`).join(', ')}` : ''}. PARALENS_PG_SETTINGS overrides them.`;
}
