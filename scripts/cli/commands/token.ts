/**
 * `paralens token …`: API tokens from the command line (for scripts and for setting up accounts
 * that only use the API). `create` prints the secret once on standard output, so
 * `TOKEN=$(npx paralens token create --email E --name N)` works; only its SHA-256 is stored.
 * Changes are written to the audit log (no actor, via "cli") by lib/services/accounts/api-tokens.ts.
 */
import { parseArgs } from 'node:util';
import type { Db } from '@/lib/db/client';
import { createApiTokenForEmail, listApiTokensByEmail, revokeApiTokenFromCli } from '@/lib/services/accounts/api-tokens';
import { reportAppError } from '../error-report';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { withDatabase } from '../with-database';

const usage = `Usage: paralens token <subcommand> [options]

  create --email <email> --name <name> [--expires-days <days>]
                        prints the new token once (standard output); it acts with the user's role
  list [--email <email>] [--json]
                        tokens (never their secrets), of one user or of everyone
  revoke --id <id>      the token stops working at once (401)

Uses DATABASE_URL, or the embedded database in PARALENS_HOME. Exit code 0 on success, 1 when
the user or token does not exist, 2 for bad arguments.
`;

const options = {
  email: { type: 'string' },
  name: { type: 'string' },
  'expires-days': { type: 'string' },
  id: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>>['values'];

const fail = (io: CliIo, message: string, code: number) => {
  io.stderr.write(`paralens token: ${message}\n${code === 2 ? usage : ''}`);
  return code;
};

const positiveInt = (value: string | undefined) =>
  value !== undefined && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;

async function create(db: Db, values: Values, io: CliIo): Promise<number> {
  const days = values['expires-days'] === undefined ? null : positiveInt(values['expires-days'])!;
  const { token, view, user } = await createApiTokenForEmail(db, {
    email: values.email!,
    name: values.name!.trim(),
    expiresInDays: days,
  });
  io.stdout.write(`${token}\n`);
  const expiry = view.expiresAt ? `expires ${view.expiresAt.toISOString()}` : 'never expires';
  io.stderr.write(
    `Token ${view.id} "${view.name}" for ${user.email} (${user.role.toLowerCase()}), ${expiry}. It is shown only this once.\n`,
  );
  return 0;
}

async function list(db: Db, values: Values, io: CliIo): Promise<number> {
  const tokens = await listApiTokensByEmail(db, values.email);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(tokens, null, 2)}\n`);
    return 0;
  }
  const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');
  const state = (t: (typeof tokens)[number]) =>
    t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= new Date() ? 'expired' : 'active';
  io.stdout.write(
    formatTable(
      [
        ['ID', 'USER', 'NAME', 'STARTS WITH', 'LAST USED', 'EXPIRES', 'STATE'],
        ...tokens.map((t) => [String(t.id), t.email, t.name, `${t.prefix}…`, iso(t.lastUsedAt), iso(t.expiresAt), state(t)]),
      ],
      [0],
    ),
  );
  return 0;
}

async function revoke(db: Db, id: number, io: CliIo): Promise<number> {
  await revokeApiTokenFromCli(db, id);
  io.stderr.write(`Token ${id} revoked.\n`);
  return 0;
}

/** Runs `work` with the database; a refusal of the service (no such user or token) is its message and exit 1. */
async function withDatabaseReporting(io: CliIo, work: (db: Db) => Promise<number>): Promise<number> {
  try {
    return await withDatabase(io, work);
  } catch (error) {
    const code = reportAppError(io.stderr, 'paralens token', error);
    if (code === null) throw error;
    return code;
  }
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(io, error instanceof Error ? error.message : String(error), 2);
  }
  const { values, positionals } = parsed;
  const [sub, ...extra] = positionals;
  if (values.help || sub === undefined) {
    io.stdout.write(usage);
    return values.help ? 0 : 2;
  }
  if (extra.length > 0) return fail(io, `unexpected arguments: ${extra.join(' ')}`, 2);
  if (sub === 'create') {
    if (!values.email || !values.name?.trim()) return fail(io, 'create needs --email and --name', 2);
    if (values.name.trim().length > 80) return fail(io, '--name is at most 80 characters', 2);
    if (values['expires-days'] !== undefined && (positiveInt(values['expires-days']) ?? 3651) > 3650)
      return fail(io, '--expires-days must be a whole number of days from 1 to 3650', 2);
    return withDatabaseReporting(io, (db) => create(db, values, io));
  }
  if (sub === 'list') return withDatabaseReporting(io, (db) => list(db, values, io));
  if (sub === 'revoke') {
    const id = positiveInt(values.id);
    if (id === null) return fail(io, 'revoke needs --id <token id> (see `paralens token list`)', 2);
    return withDatabaseReporting(io, (db) => revoke(db, id, io));
  }
  return fail(io, `unknown subcommand "${sub}"`, 2);
}
