/**
 * What a launcher test leaves behind, ended whatever its outcome: the launcher's process group
 * (spawned detached) and the embedded PostgreSQL of its PARALENS_HOME, whose folder is then deleted.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export function killLauncherAndHome(launcher: ChildProcess | undefined, home: string): void {
  if (launcher?.pid && launcher.exitCode === null && launcher.signalCode === null) {
    try {
      process.kill(-launcher.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const pidFile = path.join(home, 'pgdata', 'postmaster.pid');
  if (existsSync(pidFile)) spawnSync('kill', ['-KILL', readFileSync(pidFile, 'utf8').split('\n')[0]!]);
  rmSync(home, { recursive: true, force: true });
}
