/**
 * Users: the account data the guards, sign-in and the admin page need. Returns plain DTOs.
 * Every session token carries the user's sessionVersion; the changes that must end existing
 * sessions (password, role, active state, sign-out) bump it here, and a new password or a
 * deactivation also revokes the user's API tokens here, so no caller can forget.
 */
import type { Db } from '../client';
import { preparedStatement, type Queryable } from '../sql-pool';
import type { Role } from '../generated/enums';

export interface UserDto {
  id: number;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  isDemo: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
}

const userSelect = {
  id: true,
  email: true,
  name: true,
  role: true,
  isActive: true,
  isDemo: true,
  lastLoginAt: true,
  createdAt: true,
} as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function getUserById(db: Db, id: number): Promise<UserDto | null> {
  return db.user.findUnique({ where: { id }, select: userSelect });
}

const sessionUserStatement = preparedStatement(
  'session-user',
  `SELECT "id", "email", "name", "role", "isActive", "isDemo", "lastLoginAt", "createdAt" FROM "User" WHERE "id" = $1 AND "sessionVersion" = $2 AND "isActive"`,
);

/**
 * The user of a session token: only while active and while the token's session version is
 * current. Read on every request, on the plain pg pool of the hot path (sql-pool.ts).
 */
export async function getSessionUser(db: Queryable, id: number, sessionVersion: number): Promise<UserDto | null> {
  const { rows } = await sessionUserStatement<UserDto>(db, [id, sessionVersion]);
  return rows[0] ?? null;
}

/** Only sign-in reads the password hash. */
export function getUserCredentials(db: Db, email: string) {
  return db.user.findUnique({
    where: { email: normaliseEmail(email) },
    select: { id: true, passwordHash: true, isActive: true, isDemo: true, sessionVersion: true },
  });
}

export function listUsers(db: Db): Promise<UserDto[]> {
  return db.user.findMany({ select: userSelect, orderBy: [{ role: 'asc' }, { email: 'asc' }] });
}

export interface CreateUserData {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  isDemo?: boolean;
}

export function createUser(db: Db, data: CreateUserData): Promise<UserDto> {
  return db.user.create({
    data: { ...data, email: normaliseEmail(data.email) },
    select: userSelect,
  });
}

export function findUserByEmail(db: Db, email: string): Promise<UserDto | null> {
  return db.user.findUnique({ where: { email: normaliseEmail(email) }, select: userSelect });
}

export type UserChanges = Partial<{ role: Role; passwordHash: string; isActive: boolean; name: string }>;

export interface UserUpdate {
  user: UserDto;
  /** API tokens this change revoked (a new password or a deactivation revokes every usable one) */
  tokensRevoked: number;
}

/**
 * A new password, role or active state ends the user's existing sessions (a name change does not).
 * A new password or a deactivation also revokes the user's usable API tokens, in the same
 * transaction: revoked for good, so activating the account again does not bring them back. A role
 * change keeps tokens: a token acts with its user's current role, read on every request.
 */
export async function updateUser(db: Db, id: number, data: UserChanges): Promise<UserUpdate> {
  const endsSessions = data.role !== undefined || data.passwordHash !== undefined || data.isActive !== undefined;
  const update = db.user.update({
    where: { id },
    data: endsSessions ? { ...data, sessionVersion: { increment: 1 } } : data,
    select: userSelect,
  });
  if (data.passwordHash === undefined && data.isActive !== false) return { user: await update, tokensRevoked: 0 };
  const now = new Date();
  const [user, { count }] = await db.$transaction([
    update,
    db.apiToken.updateMany({
      where: { userId: id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      data: { revokedAt: now },
    }),
  ]);
  return { user, tokensRevoked: count };
}

/** Ends every existing session of the user (sign-out signs out everywhere). */
export async function endUserSessions(db: Db, id: number): Promise<void> {
  await db.user.update({ where: { id }, data: { sessionVersion: { increment: 1 } } });
}

export function countActiveAdmins(db: Db): Promise<number> {
  return db.user.count({ where: { role: 'ADMIN', isActive: true } });
}

export async function recordSignIn(db: Db, id: number): Promise<void> {
  await db.user.update({ where: { id }, data: { lastLoginAt: new Date() } });
}
