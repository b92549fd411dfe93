/** Users: the account data the guards, sign-in and the admin page need. Returns plain DTOs. */
import type { Db } from './client';
import type { Role } from './generated/enums';

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

/** Only sign-in reads the password hash. */
export function getUserCredentials(db: Db, email: string) {
  return db.user.findUnique({
    where: { email: normaliseEmail(email) },
    select: { id: true, passwordHash: true, isActive: true },
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

export function updateUser(
  db: Db,
  id: number,
  data: Partial<{ role: Role; passwordHash: string; isActive: boolean; name: string }>,
): Promise<UserDto> {
  return db.user.update({ where: { id }, data, select: userSelect });
}

export function countActiveAdmins(db: Db): Promise<number> {
  return db.user.count({ where: { role: 'ADMIN', isActive: true } });
}

export async function recordSignIn(db: Db, id: number): Promise<void> {
  await db.user.update({ where: { id }, data: { lastLoginAt: new Date() } });
}
