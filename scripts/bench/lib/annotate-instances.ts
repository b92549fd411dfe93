/** bench:annotate --instances: placeholder until the local proxy lands. */
import type { ChildProcess } from 'node:child_process';
import type { OpenedDatabase } from '@/lib/runtime/bootstrap';

export async function startBehindProxy(
  _database: OpenedDatabase,
  _count: number,
  _processes: number,
): Promise<{ servers: ChildProcess[]; homes: string[]; pids: number[]; baseUrl: string; stopProxy: () => Promise<void> }> {
  throw new Error('not yet');
}
