/**
 * Runs queued background jobs, at most PARALENS_JOB_CONCURRENCY at once (default 2, so a small
 * upload need not wait for a long import), each in its own process (lib/jobs/job-process.ts). `npm
 * start` runs the supervisor beside the web server, so the
 * server only writes job rows and never does the work itself. It claims jobs from the database
 * (several servers on one database never run the same job) as their owner (lib/runtime/job-owner.ts:
 * a lease it renews; its job processes end with it), polls when idle, notices a process that died
 * without recording an outcome, and does the periodic housekeeping.
 */
import type { Db } from '@/lib/db/client';
import { logUnexpectedError, newErrorReference } from '@/lib/errors/error-reference';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { setting } from '@/lib/config/settings';
import { describeFilesFolder, type FilesFolderState } from '@/lib/runtime/files-folder';
import { filesFolderStatus } from '@/lib/runtime/files-folder-status';
import { jobOwner, releaseJobOwner } from '@/lib/runtime/job-owner';
import { describeJobExit, jobMemoryLimitMb, startJobProcess, type RunningJob } from './job-process';

export interface JobKind {
  name: string;
  /**
   * its files are in the files folder (uploads, exports, mining runs, model installs): claimed only
   * while this instance's folder passes its check (lib/runtime/files-folder.ts), and only jobs of that folder
   */
  usesFiles?: boolean;
  /**
   * takes the next queued job of this kind and marks it running, owned by `ownerId`; null when none
   * waits. `filesFolderId`: this instance's files folder, given to a kind that uses files
   */
  claimNext(db: Db, ownerId: string, filesFolderId?: string): Promise<{ id: number } | null>;
  /** the job's process ended without recording an outcome: record `why` as its failure */
  failUnfinished(db: Db, id: number, why: string): Promise<void>;
  /**
   * the job's process could not record its failure (the database was unreachable) and handed its
   * message over (JobExit.reported): record it as it is
   */
  failReported?(db: Db, id: number, message: string): Promise<void>;
  /** after the process ended, whatever happened (e.g. delete the uploaded file) */
  cleanUp?(db: Db, id: number): Promise<void>;
}

export interface SupervisorOptions {
  pollMs?: number;
  /** job processes at once (default PARALENS_JOB_CONCURRENCY or 2) */
  concurrency?: number;
  /** periodic work beside the jobs (expiring files, failing jobs whose owner is gone) */
  housekeeping?: ReadonlyArray<{ everyMs: number; run: (db: Db) => Promise<void> }>;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** the files folder's state (default: filesFolderStatus of `env`, lib/runtime/files-folder-status.ts) */
  filesFolder?: (db: Db) => Promise<FilesFolderState>;
}

export class JobSupervisor {
  private stopping = false;
  private readonly running = new Map<number, RunningJob>();
  private readonly finished = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly lastHousekeeping = new Map<number, number>();
  /** whether the files folder passed its last check, to say so once when that changes */
  private filesOk: boolean | null = null;

  constructor(
    private readonly db: Db,
    private readonly kinds: readonly JobKind[],
    private readonly options: SupervisorOptions = {},
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /**
   * Stops after killing the running jobs (their transactions roll back); the jobs are marked
   * failed. A job still there after `graceMs` is killed outright.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    this.wake?.();
    for (const job of this.running.values()) job.child.kill('SIGTERM');
    const kill = setTimeout(() => {
      for (const job of this.running.values()) job.child.kill('SIGKILL');
    }, graceMs);
    await this.loop;
    await Promise.all(this.finished);
    clearTimeout(kill);
    // Every job of ours has ended and been recorded: the lease goes (a failure here only means it expires).
    await releaseJobOwner(this.db).catch(() => undefined);
  }

  private concurrency(): number {
    return this.options.concurrency ?? setting('PARALENS_JOB_CONCURRENCY', this.options.env ?? process.env);
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(line);
  }

  private async run(): Promise<void> {
    let unreachable = false;
    while (!this.stopping) {
      try {
        await this.housekeep();
        const ran = await this.runNext();
        unreachable = false;
        if (!ran) await this.sleep(this.options.pollMs ?? 1000);
      } catch (error) {
        // PostgreSQL away (stopped, restarting): said once; the jobs wait, the web server keeps answering what it can.
        if (!isConnectionLost(error)) logUnexpectedError(error, 'job supervisor');
        else if (!unreachable) this.log('paralens: the database is unreachable; queued jobs wait until it is back.');
        unreachable ||= isConnectionLost(error);
        await this.sleep(unreachable ? 2000 : 5000);
      }
    }
  }

  private async housekeep(): Promise<void> {
    for (const [i, hk] of (this.options.housekeeping ?? []).entries()) {
      if (Date.now() - (this.lastHousekeeping.get(i) ?? 0) < hk.everyMs) continue;
      this.lastHousekeeping.set(i, Date.now());
      await hk.run(this.db);
    }
  }

  /** Starts the next job if a slot is free; false when there was nothing to start. */
  private async runNext(): Promise<boolean> {
    if (this.running.size >= this.concurrency()) {
      await Promise.race(this.finished);
      return true;
    }
    const ownerId = await jobOwner(this.db, 'server');
    let files: string | null | undefined;
    for (const kind of this.kinds) {
      if (kind.usesFiles && files === undefined) files = await this.filesFolderId();
      if (kind.usesFiles && files === null) continue;
      const claimed = await kind.claimNext(this.db, ownerId, kind.usesFiles ? (files ?? undefined) : undefined);
      if (!claimed) continue;
      const done = this.runJob(kind, claimed.id).finally(() => this.finished.delete(done));
      this.finished.add(done);
      return true;
    }
    return false;
  }

  /** This instance's files folder id, or null while the folder fails its check (said once, and once when it is back). */
  private async filesFolderId(): Promise<string | null> {
    const state = await (this.options.filesFolder ?? ((db) => filesFolderStatus(db, this.options.env)))(this.db);
    if (this.filesOk !== null && state.ok !== this.filesOk)
      this.log(
        state.ok
          ? `paralens: the files folder is usable again; file jobs are claimed. ${describeFilesFolder(state)}`
          : describeFilesFolder(state),
      );
    this.filesOk = state.ok;
    return state.ok ? state.folderId : null;
  }

  private async runJob(kind: JobKind, id: number): Promise<void> {
    const memoryMb = jobMemoryLimitMb(this.options.env);
    const job = startJobProcess(kind.name, id, {
      memoryMb,
      log: (l) => this.log(l),
      ...(this.options.env ? { env: this.options.env } : {}),
    });
    this.running.set(id, job);
    const exit = await job.exited;
    this.running.delete(id);
    this.wake?.();
    try {
      await this.untilRecorded(async () => {
        if (exit.code !== 0) {
          const reference = newErrorReference();
          this.log(
            `[${reference}] ${kind.name} #${id} ended with code ${exit.code} signal ${exit.signal}:\n${exit.stderrTail.join('\n')}`,
          );
          if (exit.reported && kind.failReported && !this.stopping) await kind.failReported(this.db, id, exit.reported);
          else
            await kind.failUnfinished(
              this.db,
              id,
              this.stopping ? 'Paralens was stopped during the job' : describeJobExit(exit, memoryMb, reference),
            );
        } else {
          await kind.failUnfinished(this.db, id, 'Its process ended without recording a result');
        }
        await kind.cleanUp?.(this.db, id);
      });
    } catch (error) {
      // While stopping, the database may be going down too: the next start marks the job failed.
      if (this.stopping) this.log(`${kind.name} #${id} was stopped; it will be marked failed at the next start.`);
      else logUnexpectedError(error, `recording the end of ${kind.name} #${id}`);
    }
  }

  /**
   * Runs `record` until the database takes it: a job that ended because PostgreSQL went away is
   * recorded when it is back (waits from 1 s, doubling up to 30 s), never left running under this
   * living owner. Other errors, and stopping, end the attempts.
   */
  private async untilRecorded(record: () => Promise<void>): Promise<void> {
    for (let wait = 1000; ; wait = Math.min(wait * 2, 30_000)) {
      try {
        return await record();
      } catch (error) {
        if (this.stopping || !isConnectionLost(error)) throw error;
        this.log(
          `paralens: the database is unreachable; the job's end is recorded when it is back (next try in ${wait / 1000} s)`,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
