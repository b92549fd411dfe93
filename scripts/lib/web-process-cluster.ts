/**
 * The launcher's web processes (PARALENS_WEB_PROCESSES): N copies of scripts/serve.ts forked with
 * Node's cluster module, all listening on the one port (the launcher, as the cluster's primary,
 * accepts each connection and hands it to them in turn; docs/decisions/013-web-processes.md).
 * With two or more, one that dies after start-up is replaced; with one, or during start-up, its
 * death is the launcher's to handle (`onFatal`): `npm start` then ends non-zero, as it always has.
 */
import cluster, { type Worker } from 'node:cluster';

/** Replacements allowed within RESTART_WINDOW_MS before the launcher gives up (a crash loop is not healed by restarting). */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

export interface WebProcessesOptions {
  count: number;
  /** the script each web process runs, and its arguments */
  script: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** a web process ended that may not be replaced; the launcher stops */
  onFatal: (code: number | null, signal: NodeJS.Signals | null, reason: string) => void;
}

export class WebProcesses {
  private readonly workers = new Set<Worker>();
  private readonly restarts: number[] = [];
  private isServing = false;
  private isStopping = false;
  private isStarting = false;

  constructor(private readonly options: WebProcessesOptions) {
    cluster.setupPrimary({ exec: options.script, args: options.args, execArgv: ['--import', 'tsx'] });
  }

  /** Forks them all; resolves once every one listens, rejects when one ends first. */
  start(): Promise<void> {
    this.isStarting = true;
    return new Promise<void>((resolve, reject) => {
      let listening = 0;
      const onListening = (worker: Worker) => {
        if (!this.workers.has(worker)) return;
        listening += 1;
        if (listening === this.options.count) {
          cluster.off('listening', onListening);
          resolve();
        }
      };
      cluster.on('listening', onListening);
      for (let i = 0; i < this.options.count; i += 1) this.fork(reject);
    }).finally(() => {
      this.isStarting = false;
    });
  }

  /** From now on a web process that dies is replaced (when there are two or more). */
  markServing(): void {
    this.isServing = true;
  }

  /**
   * No more replacements, nor `onFatal`: the launcher is stopping. Called first thing, because a
   * Ctrl-C reaches the web processes (the terminal's whole process group) before stop() runs.
   */
  stopReplacing(): void {
    this.isStopping = true;
  }

  pids(): number[] {
    return [...this.workers].flatMap((w) => (w.process.pid === undefined ? [] : [w.process.pid]));
  }

  /** SIGTERM to each (serve.ts closes its server), SIGKILL after `graceMs`; resolves when all have ended. */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopReplacing();
    await Promise.all(
      [...this.workers].map(async (worker) => {
        const child = worker.process;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private fork(onStartupExit?: (error: Error) => void): void {
    const worker = cluster.fork(this.options.env);
    this.workers.add(worker);
    worker.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      this.workers.delete(worker);
      if (this.isStopping) return;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!this.isServing) {
        // Before every process listens, start() rejects; after, the launcher stops.
        if (this.isStarting && onStartupExit) onStartupExit(new Error(`a web process exited during start-up (${how})`));
        else this.options.onFatal(code, signal, `a web process exited during start-up (${how})`);
        return;
      }
      if (this.options.count === 1) {
        this.options.onFatal(code, signal, `the web server stopped unexpectedly (${how})`);
        return;
      }
      const now = Date.now();
      while (this.restarts.length > 0 && this.restarts[0]! < now - RESTART_WINDOW_MS) this.restarts.shift();
      if (this.restarts.length >= MAX_RESTARTS) {
        this.options.onFatal(
          code,
          signal,
          `web process ${worker.process.pid} stopped unexpectedly (${how}), the ${MAX_RESTARTS + 1}th within a minute; not starting more`,
        );
        return;
      }
      this.restarts.push(now);
      this.options.log(
        `paralens: web process ${worker.process.pid} stopped unexpectedly (${how}); starting another (${this.workers.size} of ${this.options.count} serving meanwhile).`,
      );
      this.fork();
    });
  }
}
