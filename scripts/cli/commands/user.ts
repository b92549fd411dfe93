/**
 * `paralens user …`: account administration from the command line, e.g. the first admin of a
 * fresh DATABASE_URL database. Same rules, validation and audit entries as Admin › Users
 * (lib/services/accounts/administer-accounts.ts); the audit entries have no actor and say `via: "cli"`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { roles } from '@/lib/access/roles';
import {
  createAccount,
  emailSchema,
  newAccountSchema,
  newPasswordSchema,
  resetAccountPassword,
  roleSchema,
  setAccountActive,
  setAccountRole,
} from '@/lib/services/accounts/administer-accounts';
import type { Db } from '@/lib/db/client';
import { revokedTokensClause } from '@/lib/auth/revoked-tokens';
import { findUserByEmail, listUsers, type UserDto } from '@/lib/db/accounts/users';
import { readAllText, type CliIo } from '../io';
import { reportAppError } from '../error-report';
import { formatTable } from '../table';
import { withDatabase } from '../with-database';

const usage = `Usage: paralens user <subcommand> [options]

Manages accounts with the rules of Admin › Users; every change is written to the audit log
(no actor, via "cli"). Uses DATABASE_URL, or the embedded database in PARALENS_HOME.

  create --email <email> --name <name> --role admin|researcher|annotator
  set-role --email <email> --role admin|researcher|annotator
  reset-password --email <email>  also revokes the account's API tokens
  deactivate --email <email>      the account can no longer sign in; its API tokens are revoked
  activate --email <email>        (revoked tokens stay revoked)
  list [--json]                   every account (--json for JSON)

create and reset-password read the password from standard input when it is piped
(echo "$PASSWORD" | paralens user create …); otherwise they generate one and print it once.
The last active admin cannot lose the role or be deactivated.

Exit code 0 on success, 1 when the change is refused (the email is taken, no such user, the
last admin), 2 for bad arguments.
`;

type Values = Record<string, string | boolean | undefined>;

type Prepared = string | ((db: Db) => Promise<number>);

interface Subcommand {
  options: NonNullable<ParseArgsConfig['options']>;
  /** Checks the arguments (a message means exit 2), then returns what to do with the database. */
  prepare(values: Values, io: CliIo): Prepared | Promise<Prepared>;
}

const emailOption = { email: { type: 'string' } } as const;
const roleOption = { role: { type: 'string' } } as const;

/** The input as the shared schema accepts it, or zod's complaints phrased for command-line options. */
function validate<S extends z.ZodType>(schema: S, input: Record<string, unknown>): { data: z.infer<S> } | { error: string } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const complaint = (issue: z.core.$ZodIssue): string => {
    const field = String(issue.path[0] ?? '');
    if (input[field] === undefined) return `--${field} is required`;
    if (field === 'role') return `--role must be one of ${roles.map(roleName).join(', ')}`;
    return field === 'password' ? `the password: ${issue.message}` : `--${field}: ${issue.message}`;
  };
  return { error: parsed.error.issues.map(complaint).join('; ') };
}

const roleName = (role: string) => role.toLowerCase();
const roleInput = (role: unknown) => (typeof role === 'string' ? role.toUpperCase() : role);

/** The password piped on stdin (one line), or '' when nothing was piped: then one is generated. */
async function readPassword(io: CliIo): Promise<string> {
  if (io.stdinIsTTY) return '';
  const password = (await readAllText(io.stdin)).replace(/\r?\n$/, '');
  if (/[\r\n]/.test(password)) throw new AppError('INVALID_INPUT', 'the password on standard input must be one line.');
  return password;
}

async function requireUser(db: Db, email: string): Promise<UserDto> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `No user has the email ${email}.`);
  return user;
}

function printPassword(io: CliIo, temporaryPassword: string | null): void {
  if (temporaryPassword) io.stdout.write(`Password (shown once): ${temporaryPassword}\n`);
}

const subcommands: Record<string, Subcommand> = {
  create: {
    options: { ...emailOption, ...roleOption, name: { type: 'string' } },
    async prepare(values, io) {
      const input = validate(newAccountSchema, {
        email: values.email,
        name: values.name,
        role: roleInput(values.role),
        password: await readPassword(io),
      });
      if ('error' in input) return input.error;
      return async (db) => {
        const { user, temporaryPassword } = await createAccount(db, input.data, null);
        io.stdout.write(`Created the ${roleName(user.role)} ${user.email} (${user.name}).\n`);
        printPassword(io, temporaryPassword);
        return 0;
      };
    },
  },
  'set-role': {
    options: { ...emailOption, ...roleOption },
    prepare(values, io) {
      const input = validate(z.object({ email: emailSchema, role: roleSchema }), {
        email: values.email,
        role: roleInput(values.role),
      });
      if ('error' in input) return input.error;
      return async (db) => {
        const target = await requireUser(db, input.data.email);
        const user = await setAccountRole(db, target.id, input.data.role, null);
        io.stdout.write(
          target.role === user.role
            ? `${user.email} is already ${roleName(user.role)}.\n`
            : `${user.email} is now ${roleName(user.role)} (was ${roleName(target.role)}).\n`,
        );
        return 0;
      };
    },
  },
  'reset-password': {
    options: emailOption,
    async prepare(values, io) {
      const input = validate(z.object({ email: emailSchema, password: newPasswordSchema }), {
        email: values.email,
        password: await readPassword(io),
      });
      if ('error' in input) return input.error;
      return async (db) => {
        const target = await requireUser(db, input.data.email);
        const { temporaryPassword, tokensRevoked } = await resetAccountPassword(db, target.id, input.data.password, null);
        io.stdout.write(`Set a new password for ${target.email}${revokedTokensClause(tokensRevoked)}.\n`);
        printPassword(io, temporaryPassword);
        return 0;
      };
    },
  },
  deactivate: activation(false),
  activate: activation(true),
  list: {
    options: { json: { type: 'boolean' } },
    prepare: (values, io) => async (db) => printUsers(io, await listUsers(db), Boolean(values.json)),
  },
};

function activation(isActive: boolean): Subcommand {
  return {
    options: emailOption,
    prepare(values, io) {
      const input = validate(z.object({ email: emailSchema }), { email: values.email });
      if ('error' in input) return input.error;
      return async (db) => {
        const target = await requireUser(db, input.data.email);
        const { tokensRevoked } = await setAccountActive(db, target.id, isActive, null);
        io.stdout.write(
          isActive
            ? `Activated ${target.email}.\n`
            : `Deactivated ${target.email}${revokedTokensClause(tokensRevoked)}: they can no longer sign in.\n`,
        );
        return 0;
      };
    },
  };
}

function printUsers(io: CliIo, users: UserDto[], json: boolean): number {
  if (json) {
    const rows = users.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      isActive: u.isActive,
      isDemo: u.isDemo,
      lastLoginAt: u.lastLoginAt,
      createdAt: u.createdAt,
    }));
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (users.length === 0) {
    io.stdout.write('No users yet. Create the first admin with `paralens user create --email … --name … --role admin`.\n');
    return 0;
  }
  const status = (u: UserDto) => `${u.isActive ? 'active' : 'deactivated'}${u.isDemo ? ', demo' : ''}`;
  const lastSignIn = (u: UserDto) => u.lastLoginAt?.toISOString().slice(0, 16).replace('T', ' ') ?? 'never';
  const rows = users.map((u) => [u.email, u.name, roleName(u.role), status(u), lastSignIn(u)]);
  io.stdout.write(formatTable([['EMAIL', 'NAME', 'ROLE', 'STATUS', 'LAST SIGN-IN (UTC)'], ...rows]));
  return 0;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h') {
    (name ? io.stdout : io.stderr).write(usage);
    return name ? 0 : 2;
  }
  const sub = subcommands[name];
  if (!sub) {
    io.stderr.write(`paralens user: unknown subcommand "${name}".\n\n${usage}`);
    return 2;
  }
  let values: Values;
  try {
    ({ values } = parseArgs({ args: rest, options: { ...sub.options, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (error) {
    io.stderr.write(`paralens user ${name}: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  try {
    const work = await sub.prepare(values, io);
    if (typeof work === 'string') {
      io.stderr.write(`paralens user ${name}: ${work}\n`);
      return 2;
    }
    return await withDatabase(io, work);
  } catch (error) {
    const code = reportAppError(io.stderr, `paralens user ${name}`, error);
    if (code === null) throw error;
    return code;
  }
}
