/**
 * Entry of the `paralens` command line. The commands are listed once, in ./commands.json (name and
 * one line each, plus the internal ones: `models-pull`, reached as `paralens models pull`, and
 * `run-job`, which the job supervisor runs); each is one module, ./commands/<name>.ts, exporting
 * `run(args, io)`, loaded only when it runs, so pure commands (sim, agreement, correlate) never load
 * the database layer and `--help` loads none. scripts/paralens.mjs answers `paralens --help` from
 * the same file before any TypeScript is loaded; commands.test.ts holds the file to the folder.
 * No command answers with a stack trace: an unexpected error is one line with a hint (the stack
 * with --debug or PARALENS_DEBUG=1).
 */
import type { CliCommand, CliIo } from './io';
import { processIo } from './io';
import { formatUnexpectedError, reportAppError, takeDebugFlag } from './error-report';
import { setProcessAuditChannel } from '@/lib/runtime/audit-channel';
import { configProblems, type Env } from '@/lib/config/settings';
import commandList from './commands.json';

export const { commands, internal: internalCommands } = commandList;

async function loadCommand(name: string): Promise<CliCommand | null> {
  if (!commands.some((c) => c.name === name) && !internalCommands.includes(name)) return null;
  return (await import(`./commands/${name}.ts`)) as CliCommand;
}

/** The list `paralens --help` prints (scripts/paralens.mjs prints the same from commands.json). */
export function formatHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    'Usage: paralens <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run `paralens <command> --help` for the options of one command.',
    '--debug (or PARALENS_DEBUG=1) prints the stack of an unexpected error.',
    '',
  ].join('\n');
}

export async function main(argv: string[], io: CliIo = processIo(), env: Env = process.env): Promise<number> {
  const [problem] = configProblems(env);
  if (problem) {
    io.stderr.write(`paralens: ${problem.message} ${problem.hint}\n`);
    return 2;
  }
  const { args, debug: debugFlag } = takeDebugFlag(argv, env);
  const [name, ...rest] = args;
  let debug = debugFlag;
  try {
    if (!name || name === '--help' || name === '-h' || name === 'help') {
      io.stdout.write(formatHelp());
      return name ? 0 : 2;
    }
    const cmd = await loadCommand(name);
    if (!cmd) {
      io.stderr.write(`paralens: unknown command "${name}". Run \`paralens --help\` for the list.\n`);
      return 2;
    }
    // Internal commands write to the server log, where the whole stack belongs.
    debug ||= name === 'run-job';
    // Audited changes say where they came from: a command typed by someone, or a job it runs.
    setProcessAuditChannel(name === 'run-job' ? 'job' : 'cli');
    return await cmd.run(rest, io);
  } catch (error) {
    const code = reportAppError(io.stderr, `paralens ${name ?? ''}`, error);
    if (code !== null) return code;
    io.stderr.write(formatUnexpectedError(error, { command: name, debug }));
    return 1;
  }
}
