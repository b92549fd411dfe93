/** The variables of the tests and benchmarks, and those the launcher sets for its own processes. */
import { define, flag, text, textOr, whole, wholeOr } from './schemas';

export const TEST_SETTINGS = {
  CHROMIUM_PATH: define({
    group: 'tests',
    default: '`/usr/bin/chromium-headless-shell`',
    schema: textOr('/usr/bin/chromium-headless-shell'),
    meaning: "browser for the end-to-end tests: Debian's Chromium headless shell (decision 019); `/usr/bin/chromium` works too",
  }),
  PARALENS_E2E_PORT: define({
    group: 'tests',
    default: '`3217`',
    schema: wholeOr(3217, 1, 65535),
    meaning: "port of the end-to-end tests' web server in `npm test`",
  }),
  PARALENS_E2E_KEPT_PORT: define({
    group: 'tests',
    default: '`3218`',
    schema: wholeOr(3218, 1, 65535),
    meaning: "port of the web server `npm run e2e` keeps up between runs (apart from `npm test`'s, so both can run)",
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
    default: '`1000`; `10000` with `--processes` or `--instances`',
    schema: whole(0, 600_000),
    meaning: "an annotator's mean pause between receiving a pair and answering it in `bench:annotate` (each pause 0.5–1.5× it)",
  }),
  BENCH_ANNOTATORS: define({
    group: 'tests',
    default: '`100`; `1000` with `--processes` or `--instances`',
    schema: whole(1, 100_000),
    meaning: 'simulated annotators of `bench:annotate`',
  }),
  BENCH_SESSION_PERCENT: define({
    group: 'tests',
    default: '`0`; `50` with `--processes` or `--instances`',
    schema: whole(0, 100),
    meaning:
      "share of `bench:annotate`'s annotators who sign in as a browser and work with the session cookie (the others use API tokens)",
  }),
  BENCH_CEILING_START: define({
    group: 'tests',
    default: '`50`',
    schema: wholeOr(50, 1, 100_000),
    meaning: 'pace (pairs asked for and answered per second) of the first step of `bench:annotate --ceiling`',
  }),
  BENCH_CEILING_STEP_SECONDS: define({
    group: 'tests',
    default: '`25`',
    schema: wholeOr(25, 5, 3600),
    meaning: 'length of each step of `bench:annotate --ceiling` (its first 3 s not counted)',
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
