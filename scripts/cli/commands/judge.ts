/**
 * `paralens judge`: a language model answers a campaign's questions as a named rater
 * (docs/models-as-raters.md). Without --detach the command runs the run itself, printing its id and
 * its progress, and Ctrl-C cancels it (what was recorded is kept: `--resume ID` continues it); with
 * --detach it leaves the run to the job supervisor of a running `npm start`.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Database } from '@/lib/db/database';
import { getModelRun, type ModelRunView } from '@/lib/db/model-raters/model-run-views';
import { takeStoppedModelRun } from '@/lib/db/model-raters/model-runs';
import { jobOwner, pruneOwners } from '@/lib/runtime/job-owner';
import { runModelJudging } from '@/lib/services/model-raters/run-model-judging';
import { resumeStoppedModelRun, startModelRun, type StartRunRequest } from '@/lib/services/model-raters/start-model-run';
import type { CliIo } from '../io';
import { reportAppError } from '../error-report';
import { withDatabase } from '../with-database';

const usage = `Usage: paralens judge --campaign SLUG --endpoint NAME --model MODEL [options]
       paralens judge --resume RUN_ID [--detach]

Asks the model (through an endpoint added with \`paralens endpoints add\`) the campaign's questions
for its pairs, with the campaign's guidelines and the questions' current wording, and records every
answer apart from the annotators' answers. The report compares it with the annotators
(GET /api/v1/model-runs/{id}/report, or the run's page).

  --campaign SLUG      the campaign (slug or id)
  --endpoint NAME      the endpoint (\`paralens endpoints\` lists them)
  --model MODEL        the model name the server knows (\`paralens endpoints models NAME\`)
  --questions KEYS     question keys to ask, comma-separated (default: all of the campaign's)
  --samples K          ask each pair K times; the answer is the mode (needs --temperature above 0)
  --temperature T      default 0 (0.7 with --samples above 1)
  --seed S             seed of the first sample (sample k is asked with S + k)
  --max-tokens N       longest answer
  --swap               also ask each pair with the two texts exchanged (the swap probe)
  --pairs SPEC         all (default), gold, or sample:N
  --template FILE      the prompt template (default: GET /api/v1/campaigns/{id}/model-prompt)
  --repeat RUN_ID      ask again with every setting of that run (to see whether the model drifted)
  --resume RUN_ID      continue a failed or cancelled run without asking again what it recorded
  --detach             leave the run to the job supervisor of a running \`npm start\`

Exit code 0 when the run succeeded, 1 when it failed or was cancelled, 2 for bad arguments.
`;

const options = {
  campaign: { type: 'string' },
  endpoint: { type: 'string' },
  model: { type: 'string' },
  questions: { type: 'string' },
  samples: { type: 'string' },
  temperature: { type: 'string' },
  seed: { type: 'string' },
  'max-tokens': { type: 'string' },
  swap: { type: 'boolean' },
  pairs: { type: 'string' },
  template: { type: 'string' },
  repeat: { type: 'string' },
  resume: { type: 'string' },
  detach: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

function numberOption(text: string | undefined, name: string, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < 0)
    throw new UsageError(`--${name} must be a ${integer ? 'whole ' : ''}number, not "${text}"`);
  return n;
}

function progressLine(run: ModelRunView): string {
  const share = run.requestsTotal > 0 ? Math.round((100 * run.requestsDone) / run.requestsTotal) : 0;
  const rate = run.rate ? `, ${run.rate.toFixed(1)}/s` : '';
  const left =
    run.secondsLeft !== null ? `, ${Math.floor(run.secondsLeft / 60)}:${String(run.secondsLeft % 60).padStart(2, '0')} left` : '';
  const failed = run.requestsFailed > 0 ? `, ${run.requestsFailed} failed` : '';
  return `run #${run.id}: ${run.requestsDone.toLocaleString('en')} of ${run.requestsTotal.toLocaleString('en')} requests (${share} %)${failed}${rate}${left}`;
}

async function follow(db: Database, io: CliIo, runId: number, ownerId: string, env: NodeJS.ProcessEnv): Promise<number> {
  const cancel = new AbortController();
  const onSigint = () => {
    io.stderr.write('\nCancelling: the requests in flight end, what was recorded is kept (--resume continues it) …\n');
    cancel.abort();
  };
  process.once('SIGINT', onSigint);
  try {
    const outcome = await runModelJudging(db, runId, {
      ownerId,
      env,
      signal: cancel.signal,
      onProgress: (run) => io.stderr.write(io.isTTY ? `\r${progressLine(run)}\x1b[K` : `${progressLine(run)}\n`),
    });
    if (io.isTTY) io.stderr.write('\n');
    const run = await getModelRun(db, runId);
    if (!outcome || !run) {
      io.stderr.write(`paralens judge: run #${runId} is no longer this command's (another process took it).\n`);
      return 1;
    }
    io.stdout.write(`${outcome.status.toLowerCase()}: ${outcome.message}\n`);
    io.stdout.write(
      `Rater ${run.rater}; answers: GET /api/v1/model-runs/${run.id}/answers; report: GET /api/v1/model-runs/${run.id}/report\n`,
    );
    return outcome.status === 'SUCCEEDED' ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function requestFrom(
  values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'],
): Promise<StartRunRequest> {
  const request: StartRunRequest = {};
  if (values.endpoint) request.endpoint = values.endpoint;
  if (values.model) request.model = values.model;
  if (values.questions)
    request.questions = values.questions
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  const samples = numberOption(values.samples, 'samples', true);
  if (samples !== undefined) request.samples = samples;
  const temperature = numberOption(values.temperature, 'temperature', false);
  if (temperature !== undefined) request.temperature = temperature;
  const seed = numberOption(values.seed, 'seed', true);
  if (seed !== undefined) request.seed = seed;
  const maxTokens = numberOption(values['max-tokens'], 'max-tokens', true);
  if (maxTokens !== undefined) request.maxTokens = maxTokens;
  if (values.swap) request.swap = true;
  if (values.pairs) request.pairs = values.pairs;
  if (values.template)
    request.template = await readFile(values.template, 'utf8').catch(() => {
      throw new UsageError(`cannot read the template file ${values.template}`);
    });
  const repeat = numberOption(values.repeat, 'repeat', true);
  if (repeat !== undefined) request.repeatOf = repeat;
  return request;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let values;
  let request: StartRunRequest;
  let resume: number | undefined;
  try {
    values = parseArgs({ args, options, strict: true }).values;
    if (values.help) {
      io.stdout.write(usage);
      return 0;
    }
    resume = numberOption(values.resume, 'resume', true);
    if (resume === undefined && !values.campaign) throw new UsageError('--campaign is required');
    if (resume === undefined && values.repeat === undefined && (!values.endpoint || !values.model))
      throw new UsageError('--endpoint and --model are required (or --repeat RUN_ID)');
    request = await requestFrom(values);
  } catch (error) {
    io.stderr.write(`paralens judge: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const detach = values.detach === true;
  const campaign = values.campaign;
  return withDatabase(io, async (db, opened) => {
    const env = { ...process.env, ...(opened.authSecret ? { AUTH_SECRET: opened.authSecret } : {}) };
    try {
      const ownerId = detach ? undefined : await jobOwner(db, 'cli');
      if (resume !== undefined) {
        await pruneOwners(db);
        const existing = await getModelRun(db, resume);
        if (!existing) {
          io.stderr.write(`paralens judge: there is no model run #${resume}\n`);
          return 1;
        }
        if (detach) {
          const run = await resumeStoppedModelRun(db, { id: null }, resume);
          io.stdout.write(
            `Model run #${run.id} waits for the job supervisor (${run.requestsDone} of ${run.requestsTotal} requests recorded).\n`,
          );
          return 0;
        }
        if (!(await takeStoppedModelRun(db, resume, ownerId!))) {
          io.stderr.write(
            `paralens judge: run #${resume} is ${existing.status.toLowerCase()}; only a failed, cancelled or waiting run can be continued\n`,
          );
          return 1;
        }
        io.stdout.write(
          `Continuing model run #${resume} (${existing.requestsDone} of ${existing.requestsTotal} requests recorded).\n`,
        );
        return await follow(db, io, resume, ownerId!, env);
      }
      const run = await startModelRun(db, { id: null }, campaign!, request, ownerId ? { ownerId } : {});
      io.stdout.write(
        `Model run #${run.id}: ${run.rater} on ${run.pairsTotal.toLocaleString('en')} pairs of ${run.campaign.slug} (${run.requestsTotal.toLocaleString('en')} requests)${detach ? '; it waits for the job supervisor of a running npm start' : ''}.\n`,
      );
      return detach ? 0 : await follow(db, io, run.id, ownerId!, env);
    } catch (error) {
      const code = reportAppError(io.stderr, 'paralens judge', error);
      if (code === null) throw error;
      return code;
    }
  });
}
