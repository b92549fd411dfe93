/**
 * `paralens endpoints` and `paralens judge` against a real PostgreSQL and the OpenAI-compatible
 * stand-in: an endpoint added with its key read from standard input keeps the key sealed (never in a
 * listing or the audit log) and the run uses it; a judge run prints its id and its outcome; a run
 * whose process is killed (SIGKILL) is queued again and `--resume` asks only what it had not recorded.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeRatedCampaign } from '@/lib/db/testing/rated-campaign';
import { recoverOrphanedJobs } from '@/lib/jobs/orphans';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/lib/llm/testing/openai-stand-in';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { runInMemory } from '../memory-io';
import { run as endpoints } from './endpoints';
import { run as judge } from './judge';

const standIns: OpenAiStandIn[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(standIns.splice(0).map((s) => s.close().catch(() => undefined)));
});

async function campaign(pairs: number) {
  return makeRatedCampaign(getDb(), {
    annotators: 2,
    questions: ['semantic'],
    pairs: Array.from({ length: pairs }, (_, i) => ({ measures: {}, answers: [{ semantic: i % 5 }, { semantic: (i + 1) % 5 }] })),
  });
}

const chats = (s: OpenAiStandIn) => s.stats.log.filter((e) => e.path === '/v1/chat/completions').length;

describe('paralens endpoints and paralens judge', () => {
  it('adds an endpoint with a sealed key, lists it without the key, and a run uses the key', async () => {
    const db = getDb();
    vi.stubEnv('AUTH_SECRET', 'a test secret for sealing keys');
    const server = await startOpenAiStandIn({ apiKey: 'sk-canary-4711' });
    standIns.push(server);
    const name = `cli-${Date.now()}`;
    const added = await runInMemory(
      endpoints,
      ['add', name, '--url', server.url, '--key-stdin', '--concurrency', '2'],
      'sk-canary-4711\n',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`${server.url}/v1`);
    const listed = await runInMemory(endpoints, ['list']);
    expect(listed.stdout).toContain(name);
    expect(listed.stdout).toContain('stored');
    const row = await db.modelEndpoint.findUnique({ where: { name } });
    expect(row?.keySealed).toMatch(/^v1:/);
    const everything = JSON.stringify({
      row,
      listed,
      audit: await db.auditLog.findMany({ where: { targetType: 'ModelEndpoint' } }),
    });
    expect(everything).not.toContain('sk-canary-4711');
    const models = await runInMemory(endpoints, ['models', name]);
    expect(models.stdout).toContain('stand-in-model');

    const { campaign: c } = await campaign(6);
    const out = await runInMemory(judge, ['--campaign', c.slug, '--endpoint', name, '--model', 'stand-in-model']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/Model run #\d+: model:stand-in-model@prompt-v1 on 6 pairs/);
    expect(out.stdout).toMatch(/succeeded: Asked 6 requests for 6 pairs/);
  });

  it('says what is wrong with the arguments, exit code 2', async () => {
    const out = await runInMemory(judge, ['--campaign', 'x']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--endpoint and --model are required/);
    const bad = await runInMemory(judge, ['--campaign', 'x', '--endpoint', 'e', '--model', 'm', '--samples', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--samples must be a whole number/);
  });

  it('continues a run whose process was killed without asking again what it recorded', async () => {
    const db = getDb();
    const server = await startOpenAiStandIn({ latencyMs: 40 });
    standIns.push(server);
    const endpoint = await db.modelEndpoint.create({
      data: { name: `killed-${Date.now()}`, baseUrl: server.baseUrl, concurrency: 2 },
    });
    const { campaign: c } = await campaign(40);
    const child = spawn(
      process.execPath,
      [
        path.join(projectRoot, 'scripts/paralens.mjs'),
        'judge',
        '--campaign',
        c.slug,
        '--endpoint',
        endpoint.name,
        '--model',
        'stand-in-model',
      ],
      { cwd: projectRoot, env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const runId = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const id = /Model run #(\d+)/.exec(output)?.[1];
        if (id) {
          clearInterval(timer);
          resolve(Number(id));
        }
      }, 20);
      setTimeout(() => reject(new Error(`no run started: ${output}`)), 60_000);
    });
    while ((await db.modelRequest.count({ where: { runId } })) < 8) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    await recoverOrphanedJobs(db);
    expect((await db.modelRun.findUnique({ where: { id: runId } }))?.status).toBe('QUEUED');
    const recorded = await db.modelRequest.count({ where: { runId } });
    const before = chats(server);
    const resumed = await runInMemory(judge, ['--resume', String(runId)]);
    expect(resumed.code).toBe(0);
    expect(chats(server) - before).toBe(40 - recorded);
    expect(await db.modelRequest.count({ where: { runId } })).toBe(40);
    expect((await db.modelRun.findUnique({ where: { id: runId } }))?.status).toBe('SUCCEEDED');
  }, 120_000);
});
