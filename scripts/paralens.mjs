#!/usr/bin/env node
// The `paralens` command: prepares the checkout as `npm start` does (scripts/lib/prepare-checkout.mjs:
// dependencies, Prisma client), registers tsx so the TypeScript CLI runs directly, then hands over.
// Whatever fails, the answer is one line with a hint, never a stack trace (--debug or
// PARALENS_DEBUG=1 adds it).
import path from 'node:path';
import { PrepareError, prepareCheckout, projectRoot } from './lib/prepare-checkout.mjs';

const argv = process.argv.slice(2);
// `run-job` is started by the running web server (whose checkout is prepared: never reinstall under
// it) and writes to the server log, where the whole stack belongs.
const isJob = argv[0] === 'run-job';
const debug =
  isJob ||
  process.env.PARALENS_DEBUG === '1' ||
  argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).includes('--debug');
let formatError = (error) => {
  const line = (error instanceof Error ? error.message : String(error)).split('\n').find((l) => l.trim()) ?? 'unknown error';
  return `paralens: ${line.trim()}. Run again with --debug for the details.\n${debug && error instanceof Error ? `${error.stack}\n` : ''}`;
};
const fail = (error) => {
  process.stderr.write(error instanceof PrepareError ? `paralens: ${error.message}\n` : formatError(error));
  process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
// `paralens corpora | head -1`: the reader went away; that is not an error.
process.stdout.on('error', (error) => (error.code === 'EPIPE' ? process.exit(0) : fail(error)));

// The project folder is where this script is, whatever an outer process set.
process.env.PARALENS_ROOT = projectRoot;
if (!isJob) prepareCheckout({ quiet: true, log: (line) => process.stderr.write(`${line}\n`) });

const { register } = await import('tsx/esm/api');
register({ tsconfig: path.join(projectRoot, 'tsconfig.json') });
const errors = await import('./cli/errors.ts');
formatError = (error) => errors.formatUnexpectedError(error, { debug });
const { main } = await import('./cli/main.ts');
const code = await main(argv);
// Exit explicitly once the output is flushed: Prisma's migration engine leaves a 10-second lock
// timer behind that would otherwise keep the process alive after the work is done.
await new Promise((resolve) => process.stdout.write('', resolve));
await new Promise((resolve) => process.stderr.write('', resolve));
process.exit(code);
