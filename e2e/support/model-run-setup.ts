/**
 * Playwright's global set-up (after the web server is up): model run #1 on the demo campaign, which
 * the page table (e2e/pages.ts) visits at /campaigns/paws-wiki-demo-study/model-runs/1 and its pairs
 * page. The demo seed has no model run (no model is called by the demo), so the set-up makes one
 * the way a researcher would, through the API, against an OpenAI-compatible stand-in started here
 * (deterministic answers, no model) and registered by the demo admin as endpoint `e2e-setup`. The
 * stand-in stays up until the tests end. With a reused PARALENS_E2E_HOME the run is already there.
 */
import type { FullConfig } from '@playwright/test';
import { apiSession, DEMO_CAMPAIGN, standInEndpoint, waitForRun } from './model-raters';

export default async function modelRunSetup(config: FullConfig): Promise<() => Promise<void>> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL in the Playwright config');
  const admin = await apiSession(baseURL, 'admin@paralens.local');
  try {
    const existing = await admin.get('/api/v1/model-runs/1');
    if (existing.ok()) return () => Promise.resolve();
    const standIn = await standInEndpoint(admin, 'e2e-setup', { models: ['stand-in-model'], latencyMs: 2 });
    const started = await admin.post(`/api/v1/campaigns/${DEMO_CAMPAIGN}/model-runs`, {
      data: { endpoint: 'e2e-setup', model: 'stand-in-model', pairs: 'all' },
    });
    if (started.status() !== 202) throw new Error(`could not start the set-up's model run: ${await started.text()}`);
    const { id } = (await started.json()) as { id: number };
    if (id !== 1) throw new Error(`the set-up's model run is #${id}, but e2e/pages.ts visits #1: use a fresh PARALENS_E2E_HOME`);
    await waitForRun(admin, id, (run) => run.status !== 'QUEUED' && run.status !== 'RUNNING', 240_000);
    return () => standIn.close();
  } finally {
    await admin.dispose();
  }
}
