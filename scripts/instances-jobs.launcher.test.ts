/**
 * Two Paralens instances on one PostgreSQL sharing one files folder (PARALENS_SHARED_DIR), and the
 * instance that runs a job killed with SIGKILL while it runs, as a machine that dies would
 * (scripts/lib/paralens-instances.ts): an import from an upload fails once (nothing of it kept) or
 * finishes once, and the same file then imports exactly once; an export being written is failed by
 * the survivor with its partial file removed, can be dismissed, and once run again is downloadable
 * byte for byte the same from either instance. Needs the production build (`npm test` runs this
 * after its build step; alone, it builds once).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { queueExportJob } from '@/lib/db/exports/export-jobs';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus } from '@/prisma/factories/corpora';
import { startScratchDatabase, type ScratchDatabase } from './lib/scratch-database';
import { launchInstance, prepareForInstances, type Instance } from './lib/paralens-instances';

const PAIRS = 300_000;
const authSecret = 'instances-jobs-test-secret-0123456789abcdef01234567';
const shared = mkdtempSync(path.join(tmpdir(), 'paralens-instances-shared-'));
let database: ScratchDatabase | undefined;
let db: Db;
const instances = new Map<string, Instance>();

const launch = async (name: string) => {
  const instance = await launchInstance({
    name,
    databaseUrl: database!.url,
    authSecret,
    env: { PARALENS_SHARED_DIR: shared },
  });
  instances.set(name, instance);
  await instance.waitForOutput('Paralens is running at', 240_000);
  return instance;
};

/** The instance whose launcher holds the job's lease: the process group its job owner's pid belongs to. */
async function instanceRunning(ownerId: string | null): Promise<Instance> {
  const owner = await db.jobOwner.findUniqueOrThrow({ where: { id: ownerId! } });
  const group = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(owner.pid)], { encoding: 'utf8' }).trim());
  const found = [...instances.values()].find((i) => i.pid === group);
  if (!found) throw new Error(`job owner ${owner.pid} (group ${group}) is no instance of this test`);
  return found;
}

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
  }
}

const pairsFile = () =>
  ['id\tsentence1\tsentence2\tlabel']
    .concat(
      Array.from(
        { length: PAIRS },
        (_, i) =>
          `${i + 1}\tThe river station number ${i} opened in the year ${1800 + (i % 200)}.\tStation ${i} by the river opened in ${1800 + (i % 200)}.\t${i % 2}`,
      ),
    )
    .join('\n') + '\n';

beforeAll(async () => {
  prepareForInstances();
  database = await startScratchDatabase();
  await launch('a'); // migrates and records the shared folder's id first
  await launch('b');
  db = createPrismaClient(database.url, 4);
}, 15 * 60_000);

afterAll(async () => {
  await Promise.all([...instances.values()].map((i) => i.stop()));
  await db?.$disconnect();
  await database?.stop();
  rmSync(shared, { recursive: true, force: true });
}, 120_000);

describe('two instances sharing a files folder, the one running a job killed', () => {
  let token = '';
  let corpusSlug = '';
  let corpusId = 0;
  let userId = 0;

  it(
    'an import from an upload: failed once with nothing kept (or finished once), and the same file then imports exactly once',
    async () => {
      const user = await makeUser(db, { role: 'RESEARCHER' });
      userId = user.id;
      token = (await issueApiToken(db, user.id, 'jobs', null)).token;
      const corpus = await makeCorpus(db, { name: 'Imported while killed', createdById: user.id });
      corpusSlug = corpus.slug;
      corpusId = corpus.id;
      const auth = { authorization: `Bearer ${token}` };
      const file = pairsFile();
      const upload = async (via: Instance) => {
        const res = await fetch(`${via.url}/api/corpora/${corpusSlug}/imports?fileName=pairs.tsv`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/octet-stream' },
          body: file,
        });
        expect(res.status, await res.clone().text()).toBe(200);
        const { jobId } = (await res.json()) as { jobId: number };
        // started through the other instance: the upload lies in the shared folder
        const other = [...instances.values()].find((i) => i !== via)!;
        const start = await fetch(`${other.url}/api/v1/imports/${jobId}/start`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ format: 'paws' }),
        });
        expect(start.status, await start.text()).toBe(202);
        return jobId;
      };
      const first = await upload(instances.get('a')!);
      const running = await until('the import running with records read', () =>
        db.importJob.findUnique({ where: { id: first } }).then((j) => (j?.status === 'RUNNING' && j.recordsRead > 0 ? j : null)),
      );
      const victim = await instanceRunning(running.ownerId);
      await victim.kill();
      const ended = await until('the import ended by the survivor', () =>
        db.importJob
          .findUnique({ where: { id: first } })
          .then((j) => (j && j.status !== 'RUNNING' && j.status !== 'QUEUED' ? j : null)),
      );
      const pairsAfterKill = await db.pair.count({ where: { corpusId } });
      console.log(
        `import killed on ${victim.name} at ${running.recordsRead} records: ${ended.status} (${ended.message}), ${pairsAfterKill} pairs`,
      );
      if (ended.status === 'SUCCEEDED') expect(pairsAfterKill).toBe(PAIRS);
      else {
        expect(ended.status).toBe('FAILED');
        expect(pairsAfterKill).toBe(0);
        expect(ended.message).toBeTruthy();
        const again = await upload(await launch(victim.name));
        await until(
          'the import run again to succeed',
          () => db.importJob.findUnique({ where: { id: again } }).then((j) => (j?.status === 'SUCCEEDED' ? j : null)),
          240_000,
        );
        expect(await db.pair.count({ where: { corpusId } })).toBe(PAIRS);
      }
      if (!instances.get(victim.name)!.isRunning()) await launch(victim.name);
    },
    10 * 60_000,
  );

  it(
    'an export being written: failed by the survivor with its partial file removed, dismissable, and once run again the same bytes from either instance',
    async () => {
      const auth = { authorization: `Bearer ${token}` };
      const queueExport = () =>
        queueExportJob(db, {
          createdById: userId,
          corpusId,
          campaignId: null,
          format: 'JSONL',
          filters: null,
          options: { include: ['texts', 'measures'] },
        });
      const job = await queueExport();
      const running = await until('the export running with rows written', () =>
        db.exportJob.findUnique({ where: { id: job.id } }).then((j) => (j?.status === 'RUNNING' && j.rowCount > 0 ? j : null)),
      );
      const victim = await instanceRunning(running.ownerId);
      await victim.kill();
      const survivor = [...instances.values()].find((i) => i.isRunning())!;
      const ended = await until('the export ended by the survivor', () =>
        db.exportJob
          .findUnique({ where: { id: job.id } })
          .then((j) => (j && j.status !== 'RUNNING' && j.status !== 'QUEUED' ? j : null)),
      );
      console.log(`export killed on ${victim.name} at ${running.rowCount} rows: ${ended.status}`);
      const exportsDir = path.join(shared, 'exports');
      if (ended.status === 'FAILED') {
        // the survivor marks the export failed, then removes its partial file (lib/jobs/export-queue.ts)
        const left = () => readdirSync(exportsDir).filter((f) => f.startsWith(`${job.id}-`));
        await until('the partial file removed', () => Promise.resolve(left().length === 0), 10_000).catch(() => undefined);
        expect(left()).toEqual([]);
        const dismissed = await fetch(`${survivor.url}/api/v1/jobs/export/${job.id}/dismiss`, { method: 'POST', headers: auth });
        expect(dismissed.status, await dismissed.text()).toBe(204);
        const rerun = await queueExport();
        job.id = rerun.id;
      } else expect(ended.status).toBe('SUCCEEDED');
      await launch(victim.name);
      await until(
        'the export to succeed',
        () => db.exportJob.findUnique({ where: { id: job.id } }).then((j) => (j?.status === 'SUCCEEDED' ? j : null)),
        240_000,
      );
      const bodies = await Promise.all(
        [...instances.values()].map(async (i) => {
          const res = await fetch(`${i.url}/api/exports/${job.id}/file`, { headers: auth });
          expect(res.status, i.name).toBe(200);
          return Buffer.from(await res.arrayBuffer());
        }),
      );
      expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
      expect(bodies[0]!.toString('utf8').trimEnd().split('\n')).toHaveLength(PAIRS);
    },
    10 * 60_000,
  );
});
