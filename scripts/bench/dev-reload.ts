/**
 * `npm run bench:dev-reload`: the time from saving an edited component to the browser showing it,
 * against a running `npm run dev` (PORT, or `-- <url>`). Opens the login page in Debian's Chromium,
 * then, a few times each, adds a line of text to a client component (the login form) and to a server
 * component (the login page), and waits for the text to appear without reloading the page; each
 * file is put back as it was, also when the script fails. Prints the median and the slowest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { setting } from '@/lib/config/settings';
import { projectRoot } from '@/lib/runtime/paralens-home';

const url = process.argv[2] ?? `http://127.0.0.1:${setting('PORT')}`;
const rounds = 3;
const targets = [
  {
    what: 'client component (components/auth/login-form.tsx)',
    file: path.join(projectRoot, 'components/auth/login-form.tsx'),
    anchor: '<input type="hidden" name="callbackUrl" value={callbackUrl} />',
  },
  {
    what: 'server component (app/(auth)/login/page.tsx)',
    file: path.join(projectRoot, 'app/(auth)/login/page.tsx'),
    anchor: '<h1>Paralens</h1>',
  },
];

const browser = await chromium.launch({ executablePath: setting('CHROMIUM_PATH'), args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  // an edit saved before the page's hot-reload socket connects is not sent to it
  const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[HMR] connected'), timeout: 300_000 });
  const opened = Date.now();
  await page.goto(`${url}/login`, { timeout: 300_000 });
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 300_000 });
  await connected;
  console.log(
    `login page first shown in ${((Date.now() - opened) / 1000).toFixed(1)} s (with compiling it, the first time this dev server shows it)`,
  );
  // a full reload would lose this mark: the edits must arrive by hot reload
  await page.evaluate(() => Object.assign(window, { reloadProbe: true }));
  for (const target of targets) {
    const original = readFileSync(target.file, 'utf8');
    if (!original.includes(target.anchor)) throw new Error(`${target.file} no longer contains ${target.anchor}`);
    const times: number[] = [];
    try {
      for (let round = 1; round <= rounds; round += 1) {
        const marker = `reload probe ${Date.now()}`;
        const saved = Date.now();
        writeFileSync(target.file, original.replace(target.anchor, `${target.anchor}\n<p>${marker}</p>`));
        await page.getByText(marker).waitFor({ timeout: 120_000 });
        times.push(Date.now() - saved);
        writeFileSync(target.file, original);
        await page.getByText(marker).waitFor({ state: 'detached', timeout: 120_000 });
      }
    } finally {
      writeFileSync(target.file, original);
    }
    const kept = await page.evaluate(() => 'reloadProbe' in window);
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `${target.what}: saved → shown in ${(median / 1000).toFixed(2)} s median, ${(sorted.at(-1)! / 1000).toFixed(2)} s slowest` +
        ` (${rounds} edits; ${kept ? 'hot reload, no page load' : 'the page reloaded'})`,
    );
  }
} finally {
  await browser.close();
}
