/** An expected start-up failure: one line saying the cause and what to do; exit code non-zero. */
export class StartupError extends Error {
  constructor(
    readonly cause_: string,
    readonly hint: string,
  ) {
    super(`${cause_} ${hint}`);
    this.name = 'StartupError';
  }
}
