/**
 * Entry of the `paralens` command line. Each subcommand is one module in ./commands/<name>.ts
 * exporting `description` and `run(args, io)`; modules are loaded lazily so pure commands
 * (sim, agreement, correlate) never load the database layer. No command answers with a stack
 * trace: an unexpected error is one line with a hint (the stack with --debug or PARALENS_DEBUG=1).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliCommand, CliIo } from './io';
import { processIo } from './io';
import { formatUnexpectedError, reportAppError, takeDebugFlag } from './errors';
import { setProcessAuditChannel } from '@/lib/runtime/audit-channel';
import { configProblems, type Env } from '@/lib/config/settings';

const commandsDir = fileURLToPath(new URL('./commands/', import.meta.url));

function listCommandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function loadCommand(name: string): Promise<CliCommand | null> {
  if (!/^[a-z][a-z-]*$/.test(name) || !listCommandNames().includes(name)) return null;
  return (await import(`./commands/${name}.ts`)) as CliCommand;
}

async function printHelp(io: CliIo): Promise<void> {
  const lines = ['Usage: paralens <command> [options]', '', 'Commands:'];
  for (const name of listCommandNames()) {
    const cmd = await loadCommand(name);
    if (cmd?.hidden) continue;
    lines.push(`  ${name.padEnd(12)} ${cmd?.description ?? ''}`);
  }
  lines.push(
    '',
    'Run `paralens <command> --help` for the options of one command.',
    '--debug (or PARALENS_DEBUG=1) prints the stack of an unexpected error.',
  );
  io.stdout.write(lines.join('\n') + '\n');
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
      await printHelp(io);
      return name ? 0 : 2;
    }
    const cmd = await loadCommand(name);
    if (!cmd) {
      io.stderr.write(`paralens: unknown command "${name}". Run \`paralens --help\` for the list.\n`);
      return 2;
    }
    // Internal commands write to the server log, where the whole stack belongs.
    debug ||= Boolean(cmd.hidden);
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
