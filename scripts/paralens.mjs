#!/usr/bin/env node
// The `paralens` command: prepares the checkout as `npm start` does (scripts/lib/prepare-checkout.mjs:
// dependencies, Prisma client), registers tsx so the TypeScript CLI runs directly, then hands over.
// Whatever fails, the answer is one line with a hint, never a stack trace (--debug or
// PARALENS_DEBUG=1 adds it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliBundle } from './lib/cli-bundle.mjs';
import { linkCommand, PrepareError, prepareCheckout, projectRoot } from './lib/prepare-checkout.mjs';

const argv = process.argv.slice(2);

// `paralens --help` (or no command) is answered from the list of commands alone, before the
// checkout is prepared or any TypeScript is loaded: in a tenth of a second, not the seconds a
// command's modules take. scripts/cli/main.ts's formatHelp prints the same text (main.slow.test.ts).
const words = argv.filter((arg) => arg !== '--debug');
if (words.length === 0 || (words.length === 1 && ['--help', '-h', 'help'].includes(words[0]))) {
  const { commands } = JSON.parse(readFileSync(new URL('./cli/commands.json', import.meta.url), 'utf8'));
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  process.stdout.write(
    [
      'Usage: paralens <command> [options]',
      '',
      'Commands:',
      ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
      '',
      'Run `paralens <command> --help` for the options of one command.',
      '--debug (or PARALENS_DEBUG=1) prints the stack of an unexpected error.',
      '',
    ].join('\n'),
  );
  linkCommand(); // so the next `npx paralens` finds the command at once
  process.exit(words.length === 0 ? 2 : 0);
}
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

// The command line bundled, split per command, built or rebuilt here when the sources changed
// (scripts/lib/cli-bundle.mjs; PARALENS_CLI_FROM_SOURCES=1 skips it); without it, the sources through tsx.
const bundle =
  process.env.PARALENS_CLI_FROM_SOURCES === '1'
    ? null
    : await cliBundle({ log: (line) => debug && process.stderr.write(`${line}\n`) });
let cli;
if (bundle) {
  cli = await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: path.join(projectRoot, 'tsconfig.json') });
  // the error report first, so that a failure while loading the commands is reported by it too
  const { formatUnexpectedError } = await import('./cli/error-report.ts');
  formatError = (error) => formatUnexpectedError(error, { debug });
  cli = { formatUnexpectedError, ...(await import('./cli/main.ts')) };
}
formatError = (error) => cli.formatUnexpectedError(error, { debug });
const { main } = cli;
const code = await main(argv);
// Exit explicitly once the output is flushed: Prisma's migration engine leaves a 10-second lock
// timer behind that would otherwise keep the process alive after the work is done.
await new Promise((resolve) => process.stdout.write('', resolve));
await new Promise((resolve) => process.stderr.write('', resolve));
process.exit(code);
