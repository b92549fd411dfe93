/** The variables of the tests and benchmarks, and those the launcher sets for its own processes. */
import { define, flag, text, textOr, whole, wholeOr } from './schemas';

export const TEST_SETTINGS = {
  CHROMIUM_PATH: define({
    group: 'tests',
    default: '`/usr/bin/chromium`',
    schema: textOr('/usr/bin/chromium'),
    meaning: 'browser for the end-to-end tests',
  }),
  PARALENS_E2E_PORT: define({
    group: 'tests',
    default: '`3217`',
    schema: wholeOr(3217, 1, 65535),
    meaning: "port of the end-to-end tests' web server",
  }),
  PARALENS_E2E_HOME: define({
    group: 'tests',
    default: 'a new temporary folder',
    schema: text(),
    meaning: "`PARALENS_HOME` of the end-to-end tests' web server",
  }),
  PARALENS_E2E_REUSE_SERVER: define({
    group: 'tests',
    default: '`0`',
    schema: flag(),
    meaning: '`1`: the end-to-end tests use the server already answering on `PARALENS_E2E_PORT` (`npm run e2e` sets it)',
  }),
  PARALENS_E2E_DUMPS: define({
    group: 'tests',
    default: "unset: the server's default, `PARALENS_HOME/dumps` (the demo's excerpt, a shared dump excerpt)",
    schema: text(),
    meaning: "`PARALENS_DUMPS_DIR` of the end-to-end tests' web server",
  }),
  PARALENS_SCREENS: define({
    group: 'tests',
    default: 'unset',
    schema: text(),
    meaning: 'folder where the layout tests also save their screenshots',
  }),
  CI: define({
    group: 'tests',
    default: 'unset',
    schema: text(),
    meaning: 'set (by CI services): a test whose shared dataset is missing fails instead of being skipped',
  }),
  BENCH_ROUNDS: define({
    group: 'tests',
    default: '`3`',
    schema: wholeOr(3, 1),
    meaning: 'rounds of `bench:mine` and `bench:backup`',
  }),
  BENCH_PROFILE: define({
    group: 'tests',
    default: 'unset',
    schema: text(),
    meaning: "folder where `bench:judge`'s job process writes a V8 CPU profile (open it in Chromium's DevTools)",
  }),
  BENCH_WORKERS: define({
    group: 'tests',
    default: 'one per core',
    schema: whole(1, 256),
    meaning: 'map workers of `bench:mine`',
  }),
  BENCH_SECONDS: define({
    group: 'tests',
    default: '`60`',
    schema: wholeOr(60, 1, 86_400),
    meaning: 'how long each phase of `bench:annotate` runs',
  }),
  BENCH_THINK_MS: define({
    group: 'tests',
    default: '`1000`',
    schema: wholeOr(1000, 0, 600_000),
    meaning: "an annotator's pause between two answers in `bench:annotate`",
  }),
  BENCH_GOLD_EVERY: define({
    group: 'tests',
    default: '`5`',
    schema: wholeOr(5, 0, 1_000_000),
    meaning: 'one gold pair in every n of the campaign `bench:annotate` creates (`0`: none)',
  }),
  BENCH_UNSAFE_FAST: define({
    group: 'tests',
    default: '`0`',
    schema: flag(),
    meaning: '`1`: the import and mining benchmarks run PostgreSQL with fsync off, to see whether disk writes limit them',
  }),
  BENCH_NODE_FLAGS: define({
    group: 'tests',
    default: 'unset',
    schema: text(),
    meaning: 'extra Node.js flags for the process `bench:import` measures, space-separated',
  }),

  PARALENS_ROOT: define({
    group: 'tests',
    default: 'set by the launcher',
    schema: text(),
    meaning:
      'the project folder; the `paralens` and npm entry scripts set it for the processes they start (do not set it yourself)',
  }),
  PARALENS_DEMO: define({
    group: 'tests',
    default: 'set by the launcher',
    schema: flag(),
    meaning: '`1` when the launcher started the embedded database with demo users (do not set it yourself)',
  }),
} as const;
