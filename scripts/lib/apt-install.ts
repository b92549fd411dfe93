/**
 * Debian packages the tests need (Chromium, lbzip2, nginx, HAProxy): installed with apt-get when
 * missing and we are root, so CI and a fresh container need no manual step. `apt-get update` runs
 * once per process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

let aptUpdated = false;

/** Installs Debian's `pkg` with apt-get when `binary` is missing and we are root; false when it could not. */
export function aptInstall(pkg: string, binary: string): boolean {
  if (existsSync(binary)) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`${binary} is missing: installing Debian's ${pkg} package …`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv }).status !== 0) return false;
    aptUpdated = true;
  }
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    stdio: 'inherit',
    env: aptEnv,
  });
  return install.status === 0 && existsSync(binary);
}
