/**
 * Mining from the web page: a researcher picks a shared dump excerpt from the dumps folder (the
 * default PARALENS_HOME/dumps, prepared by playwright.config.ts), is told plainly when the chosen
 * file is no dump, starts a silver run, cancels it, resumes it, watches the progress and the funnel
 * appear and opens the corpus it produced; and the demo's own excerpt, credited on the page, mines
 * in seconds.
 */
import { existsSync } from 'node:fs';
import { test, expect } from './fixtures';
import { isCi } from '../lib/testing/shared-datasets';
import { E2E_DUMP_EXCERPT, E2E_DUMP_NAME, E2E_NOT_A_DUMP } from './support/dumps-folder';
import { DEMO_DUMP } from '../lib/mining/demo-dump';

test('a researcher mines a dump excerpt from the Mining page, cancels, resumes and opens the corpus', async ({
  page,
  loginAs,
}) => {
  test.skip(!existsSync(E2E_DUMP_EXCERPT) && !isCi(), `${E2E_DUMP_EXCERPT} is absent`);
  // One run alone took 34 s here (load average 16 on two cores); cancelled before its first chunk and resumed, the
  // dump is read twice, plus two job processes starting their map workers.
  test.setTimeout(240_000);
  const corpus = `E2E mined ${Date.now()}`;
  await loginAs('researcher');
  await page.goto('/mining');
  const form = page.getByRole('form', { name: 'Start a mining run' });
  await expect(form.locator('select[name=dump]')).toContainText(`${E2E_DUMP_NAME} (2.9 MB)`);

  // A file of the folder that is no dump: a plain message, nothing started.
  await form.locator('select[name=dump]').selectOption(E2E_NOT_A_DUMP);
  await form.getByRole('button', { name: 'Start mining' }).click();
  await expect(form.getByRole('alert')).toContainText(`“${E2E_NOT_A_DUMP}” is not a Wikipedia dump`);
  await expect(form.getByText('is neither a bz2 file nor XML', { exact: true })).toBeVisible();

  await form.locator('select[name=dump]').selectOption(E2E_DUMP_NAME);
  await form.locator('input[name=corpus]').fill(corpus);
  await form.locator('select[name=tier]').selectOption('silver');
  await form.getByRole('button', { name: 'Start mining' }).click();
  const card = page.getByRole('region', { name: /^Mining run \d+$/ }).filter({ hasText: corpus });
  await expect(card).toBeVisible();
  await expect(card).toContainText(E2E_DUMP_NAME);

  // Cancelled (at once while it waits, or after the chunk in progress) and resumed.
  await card.getByRole('button', { name: 'Cancel run' }).click();
  await expect(card.getByText('cancelled', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText(/Resume (continues where it stopped|queues it again)/);
  await card.getByRole('button', { name: 'Resume' }).click();

  // Progress while it runs, then the funnel; the page refreshes itself when the run ends.
  await expect(card.getByRole('status')).toBeVisible();
  await expect(card.getByText('finished', { exact: true })).toBeVisible({ timeout: 180_000 });
  const funnel = card.getByRole('table', { name: /^Funnel of run \d+$/ });
  await expect(funnel).toBeVisible();
  await expect(funnel.getByRole('row')).toHaveCount(11);
  await card.getByRole('link', { name: corpus }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(corpus);
});

test('in the demo the Mining page is no dead end: its dumps folder under PARALENS_HOME holds a real excerpt, credited, that mines at once', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(240_000);
  const corpus = `E2E demo excerpt ${Date.now()}`;
  await loginAs('researcher');
  await page.goto('/mining');
  const section = page.getByRole('region', { name: 'Start a mining run' });
  // PARALENS_DUMPS_DIR is unset for this server (playwright.config.ts): the default folder is used
  await expect(section).toContainText(/Dumps in .*\/dumps \(the default folder; PARALENS_DUMPS_DIR names another\)/);
  const credit = section.getByTestId('demo-dump');
  await expect(credit).toContainText(DEMO_DUMP.fileName);
  await expect(credit).toContainText('CC BY-SA 3.0');
  await expect(credit).toContainText('wp2txt');
  await expect(section.getByLabel(/Or upload a dump/)).toBeVisible();

  const form = page.getByRole('form', { name: 'Start a mining run' });
  await form.locator('select[name=dump]').selectOption(DEMO_DUMP.fileName);
  await form.locator('input[name=corpus]').fill(corpus);
  await form.locator('select[name=tier]').selectOption('silver');
  await form.getByRole('button', { name: 'Start mining' }).click();
  const card = page.getByRole('region', { name: /^Mining run \d+$/ }).filter({ hasText: corpus });
  await expect(card.getByText('finished', { exact: true })).toBeVisible({ timeout: 180_000 });
  await card.getByRole('link', { name: corpus }).click();
  await expect(page).toHaveURL(/\/corpora\//);
  await expect(page.locator('header.page-header')).toContainText('3 pairs');
});
