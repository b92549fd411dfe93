/**
 * Account administration, shared by the admin routes (app/api/v1/users) and `paralens user`:
 * the input rules, the checks (one account per email, never lose the last active admin) and the
 * audit entry of every change. `actor` is the admin acting on the page, or null for the command
 * line, whose audit entries say `via: "cli"`.
 */
import { randomBytes } from 'node:crypto';
import type { RoleName } from '@/lib/access/roles';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { countActiveAdmins, createUser, findUserByEmail, getUserById, updateUser, type UserDto } from '@/lib/db/accounts/users';
import { hashPassword } from '@/lib/access/password';
import type { NewAccountInput } from '@/lib/access/account-schemas';

export {
  emailSchema,
  newAccountSchema,
  newPasswordSchema,
  roleSchema,
  userNameSchema,
  type NewAccountInput,
} from '@/lib/access/account-schemas';

/** Who makes a change: the signed-in admin, or null for the command line. */
export type Actor = { id: number } | null;

export interface PasswordOutcome {
  user: UserDto;
  /** the generated password, to show once; null when the caller chose the password */
  temporaryPassword: string | null;
}

/** What a password reset or a deactivation also did: revoke the account's usable API tokens. */
export interface TokensRevoked {
  tokensRevoked: number;
}

function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

interface AccountChange {
  action: string;
  targetId: number;
  details?: Record<string, string | number>;
}

async function audit(db: Db, actor: Actor, change: AccountChange): Promise<void> {
  const details = actor ? change.details : { ...change.details, via: 'cli' };
  await recordAudit(db, {
    action: change.action,
    actorId: actor?.id ?? null,
    targetType: 'user',
    targetId: change.targetId,
    ...(details ? { details } : {}),
  });
}

async function loadTarget(db: Db, userId: number): Promise<UserDto> {
  const user = await getUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'That user does not exist.');
  return user;
}

/** The last active admin cannot lose the role or be deactivated: nobody could manage users after. */
async function assertNotLastAdmin(db: Db, target: UserDto): Promise<void> {
  if (target.role === 'ADMIN' && target.isActive && (await countActiveAdmins(db)) <= 1) {
    throw new AppError('CONFLICT', 'This is the last active admin; make another admin first.');
  }
}

export async function createAccount(db: Db, input: NewAccountInput, actor: Actor): Promise<PasswordOutcome> {
  if (await findUserByEmail(db, input.email))
    throw new AppError('CONFLICT', `A user with the email ${input.email} already exists.`);
  const password = input.password || generatePassword();
  const user = await createUser(db, {
    email: input.email,
    name: input.name,
    role: input.role,
    passwordHash: await hashPassword(password),
  });
  await audit(db, actor, { action: 'user.create', targetId: user.id, details: { email: user.email, role: user.role } });
  return { user, temporaryPassword: input.password ? null : password };
}

export async function setAccountRole(db: Db, userId: number, role: RoleName, actor: Actor): Promise<UserDto> {
  const target = await loadTarget(db, userId);
  if (target.role === role) return target;
  await assertNotLastAdmin(db, target);
  const { user } = await updateUser(db, userId, { role });
  await audit(db, actor, { action: 'user.role', targetId: userId, details: { from: target.role, to: role } });
  return user;
}

export async function resetAccountPassword(
  db: Db,
  userId: number,
  password: string | undefined,
  actor: Actor,
): Promise<PasswordOutcome & TokensRevoked> {
  await loadTarget(db, userId);
  const next = password || generatePassword();
  const { user, tokensRevoked } = await updateUser(db, userId, { passwordHash: await hashPassword(next) });
  await audit(db, actor, { action: 'user.password-reset', targetId: userId, details: { tokensRevoked } });
  return { user, temporaryPassword: password ? null : next, tokensRevoked };
}

/** Deactivating ends the account's sessions and revokes its API tokens; activating brings neither back. */
export async function setAccountActive(
  db: Db,
  userId: number,
  isActive: boolean,
  actor: Actor,
): Promise<{ user: UserDto } & TokensRevoked> {
  const target = await loadTarget(db, userId);
  if (!isActive && target.id === actor?.id) throw new AppError('CONFLICT', 'You cannot deactivate your own account.');
  if (!isActive) await assertNotLastAdmin(db, target);
  const { user, tokensRevoked } = await updateUser(db, userId, { isActive });
  await audit(
    db,
    actor,
    isActive
      ? { action: 'user.activate', targetId: userId }
      : { action: 'user.deactivate', targetId: userId, details: { tokensRevoked } },
  );
  return { user, tokensRevoked };
}
