/**
 * `paralens endpoints`: the OpenAI-compatible servers model runs ask (docs/models-as-raters.md), as
 * an admin manages them on /admin/model-endpoints: list, add, change, remove, and the models a
 * server lists. A key is read from standard input (`--key-stdin`, so it stays out of the shell's
 * history) and stored sealed with AUTH_SECRET, or named as an environment variable (`--key-env`).
 */
import { parseArgs } from 'node:util';
import type { Db } from '@/lib/db/client';
import { listEndpoints } from '@/lib/db/model-raters/endpoints';
import {
  addEndpoint,
  changeEndpoint,
  endpointModels,
  removeEndpoint,
  type EndpointInput,
} from '@/lib/services/model-raters/administer-endpoints';
import { readAllText, type CliIo } from '../io';
import { formatTable } from '../table';
import { withDatabase } from '../with-database';
import { reportAppError } from '../error-report';

const usage = `Usage: paralens endpoints [list]
       paralens endpoints add NAME --url URL [--key-env VAR | --key-stdin] [--concurrency N] [--timeout S] [--rate N]
       paralens endpoints set NAME [--url URL] [--key-env VAR | --key-stdin | --no-key] [--concurrency N] [--timeout S] [--rate N|none]
       paralens endpoints remove NAME
       paralens endpoints models NAME

An endpoint is a server that speaks the OpenAI chat completions API: Ollama (http://127.0.0.1:11434),
vLLM (http://host:8000), llama.cpp's llama-server (http://host:8080), LM Studio (http://host:1234),
OpenAI (https://api.openai.com) and compatible services. The URL may be typed with or without /v1.

  --url URL         the server
  --key-env VAR     read the API key from this environment variable where the run happens
  --key-stdin       read the API key from standard input and store it sealed with AUTH_SECRET
  --no-key          remove the stored key or variable
  --concurrency N   requests in flight at once, across every run and process (default 1)
  --timeout S       seconds one request may take before it is aborted and retried (default 120)
  --rate N          requests started per minute (default: no limit; "none" removes it)
`;

const options = {
  url: { type: 'string' },
  'key-env': { type: 'string' },
  'key-stdin': { type: 'boolean' },
  'no-key': { type: 'boolean' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  rate: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function whole(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number of at least 1`);
  return n;
}

class UsageError extends Error {}

async function inputOf(values: Values, io: CliIo): Promise<EndpointInput> {
  const input: EndpointInput = {};
  if (values.url !== undefined) input.url = values.url;
  if (values['key-env'] !== undefined) input.keyEnv = values['key-env'];
  if (values['key-stdin']) {
    const key = (await readAllText(io.stdin)).trim();
    if (!key) throw new UsageError('--key-stdin read no key from standard input');
    input.key = key;
  }
  if (values['no-key']) {
    input.key = null;
    input.keyEnv = null;
  }
  const concurrency = whole(values.concurrency, 'concurrency');
  if (concurrency !== undefined) input.concurrency = concurrency;
  const timeout = whole(values.timeout, 'timeout');
  if (timeout !== undefined) input.timeoutSeconds = timeout;
  if (values.rate !== undefined) input.requestsPerMinute = values.rate === 'none' ? null : whole(values.rate, 'rate')!;
  return input;
}

async function list(db: Db, io: CliIo): Promise<number> {
  const endpoints = await listEndpoints(db);
  if (endpoints.length === 0) {
    io.stdout.write('No model endpoints yet: paralens endpoints add NAME --url URL\n');
    return 0;
  }
  const rows = [['name', 'url', 'key', 'concurrency', 'timeout', 'rate/min', 'format', 'runs']];
  for (const e of endpoints)
    rows.push([
      e.name,
      e.baseUrl,
      e.keySource === 'env' ? `$${e.keyEnv}` : e.keySource,
      String(e.concurrency),
      `${e.timeoutSeconds} s`,
      e.requestsPerMinute === null ? '-' : String(e.requestsPerMinute),
      e.responseFormat ?? 'not known yet',
      String(e.runs),
    ]);
  io.stdout.write(formatTable(rows, [3, 7]));
  return 0;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    io.stderr.write(`paralens endpoints: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const [action = 'list', name] = positionals;
  if (!['list', 'add', 'set', 'remove', 'models'].includes(action) || (action !== 'list' && !name)) {
    io.stderr.write(`paralens endpoints: ${action === 'list' ? '' : `${action} needs a NAME`}\n\n${usage}`);
    return 2;
  }
  let input: EndpointInput;
  try {
    input = await inputOf(values, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`paralens endpoints: ${error.message}\n`);
    return 2;
  }
  return withDatabase(io, async (db, opened) => {
    const env = { ...process.env, ...(opened.authSecret ? { AUTH_SECRET: opened.authSecret } : {}) };
    const actor = { id: null };
    try {
      if (action === 'list') return await list(db, io);
      if (action === 'add') {
        const e = await addEndpoint(db, actor, { ...input, name: name! }, env);
        io.stdout.write(
          `Added ${e.name}: ${e.baseUrl} (key: ${e.keySource === 'env' ? `$${e.keyEnv}` : e.keySource}, concurrency ${e.concurrency}).\n`,
        );
        return 0;
      }
      if (action === 'set') {
        const e = await changeEndpoint(db, actor, name!, input, env);
        io.stdout.write(
          `Changed ${e.name}: ${e.baseUrl} (key: ${e.keySource}, concurrency ${e.concurrency}, timeout ${e.timeoutSeconds} s).\n`,
        );
        return 0;
      }
      if (action === 'remove') {
        await removeEndpoint(db, actor, name!);
        io.stdout.write(`Removed ${name}.\n`);
        return 0;
      }
      const { models, problem } = await endpointModels(db, name!, env);
      if (problem) {
        io.stderr.write(`paralens endpoints: ${problem}\n`);
        return 1;
      }
      io.stdout.write(models.length > 0 ? `${models.join('\n')}\n` : 'The server lists no models.\n');
      return 0;
    } catch (error) {
      const code = reportAppError(io.stderr, 'paralens endpoints', error);
      if (code === null) throw error;
      return code;
    }
  });
}
