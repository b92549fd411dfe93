/**
 * Admin › Backups against the running app: `paralens backup` taken beside the e2e server (the
 * embedded database it runs on, while it serves) shows up as the last backup with its size, age and
 * contents; the page is laid out whole at 1280×800 and 390×844 (screenshots into PARALENS_SCREENS).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setting } from '@/lib/config/settings';
import { test, expect } from './fixtures';
import { layoutFaults } from './support/layout-checks';

test('a backup taken while the app runs is shown on Admin › Backups, laid out whole at 1280 and 390 px', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'paralens-e2e-backup-'));
  try {
    const file = path.join(dir, 'e2e.tar');
    const result = spawnSync(process.execPath, ['scripts/paralens.mjs', 'backup', '--out', file], {
      env: { ...process.env, PARALENS_HOME: setting('PARALENS_E2E_HOME'), DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Backed up to .*e2e\.tar: [\d.]+ [kM]B in [\d.]+ s/);
    expect(result.stderr).toMatch(/Using the embedded PostgreSQL that is already running/);

    await loginAs('admin');
    await page.goto('/admin/backups');
    await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
    const last = page.getByRole('region', { name: 'Last backup' });
    await expect(last.getByText(/with paralens backup on /)).toBeVisible();
    await expect(last.getByText(/\d+ corpora, [\d,]+ pairs, \d+ campaigns?, [\d,]+ answers?/)).toBeVisible();
    await expect(last.getByText(file)).toBeVisible();
    await expect(page.getByText('Off. Set PARALENS_BACKUP_DIR', { exact: false })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recent backups' }).getByRole('row')).not.toHaveCount(1);

    const screens = setting('PARALENS_SCREENS');
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await layoutFaults(page), `at ${viewport.width}px`).toEqual([]);
      if (screens) await page.screenshot({ path: path.join(screens, `admin-backups-${viewport.width}.png`), fullPage: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
