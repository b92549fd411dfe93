/**
 * Runs one background job in a process of its own (`paralens run-job <kind> <id>`) with a V8 heap
 * limit, so a job that runs away ends alone: the web server keeps answering and PostgreSQL keeps
 * running. Its output is passed through, one prefixed line at a time; the end says how it exited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setting, type Env } from '@/lib/config/settings';
import { projectRoot } from '@/lib/runtime/paralens-home';

export interface JobExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** V8 reported that the heap limit was reached */
  outOfMemory: boolean;
  /** the last lines the process wrote to stderr, for the server log */
  stderrTail: string[];
  /**
   * The job's own account of its failure, for its page, when it could not write it itself (the
   * database was unreachable): a stderr line starting with JOB_OUTCOME_PREFIX.
   */
  reported: string | null;
}

/** How a job process that could not record its failure hands the message to its supervisor. */
export const JOB_OUTCOME_PREFIX = 'paralens-job-outcome: ';

/** A job failed and its message is in its row: the job process ends with it, nothing more to report. */
export class RecordedFailure extends Error {
  override name = 'RecordedFailure';
}

/** A job failed and its message could not be written (the database was unreachable): `paralens run-job` hands it over. */
export class UnrecordedFailure extends Error {
  override name = 'UnrecordedFailure';
}

export interface RunningJob {
  child: ChildProcess;
  exited: Promise<JobExit>;
}

/** Heap limit of one job process (PARALENS_JOB_MEMORY_MB, default 1536). */
export function jobMemoryLimitMb(env: Env = process.env): number {
  return setting('PARALENS_JOB_MEMORY_MB', env);
}

const TAIL_LINES = 20;

export function startJobProcess(
  kind: string,
  id: number,
  options: { memoryMb?: number; env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {},
): RunningJob {
  const memoryMb = options.memoryMb ?? jobMemoryLimitMb();
  const log = options.log ?? ((line: string) => console.log(line));
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${memoryMb}`, path.join(projectRoot, 'scripts', 'paralens.mjs'), 'run-job', kind, String(id)],
    {
      cwd: projectRoot,
      env: { ...(options.env ?? process.env), PARALENS_ROOT: projectRoot },
      // The IPC channel only tells the job process when this one is gone (it then exits: a job never outlives its owner).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const tail: string[] = [];
  let outOfMemory = false;
  let reported: string | null = null;
  const prefix = `[${kind} #${id}]`;
  createInterface({ input: child.stdout! }).on('line', (line) => log(`${prefix} ${line}`));
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (/heap out of memory|Reached heap limit/i.test(line)) outOfMemory = true;
    if (line.startsWith(JOB_OUTCOME_PREFIX)) reported = line.slice(JOB_OUTCOME_PREFIX.length).trim() || null;
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    log(`${prefix} ${line}`);
  });
  const exited = new Promise<JobExit>((resolve) => {
    child.once('error', (error) => {
      tail.push(String(error));
      resolve({ code: null, signal: null, outOfMemory, stderrTail: tail, reported });
    });
    child.once('close', (code, signal) => resolve({ code, signal, outOfMemory, stderrTail: tail, reported }));
  });
  return { child, exited };
}

/** What the job's page says when its process ended without recording an outcome. */
export function describeJobExit(exit: JobExit, memoryMb: number, reference: string): string {
  if (exit.reported) return exit.reported.replace(/\.$/, '');
  if (exit.outOfMemory) return `It ran out of memory (the limit is ${memoryMb} MB, PARALENS_JOB_MEMORY_MB) and stopped`;
  if (exit.signal) return `Its process was stopped (${exit.signal})`;
  return `Its process ended unexpectedly (exit code ${exit.code ?? 'unknown'}; reference ${reference}, details in the server log)`;
}
