/** User factory: used by the demo seed and by tests (one way to make a user). */
import type { Db } from '@/lib/db/client';
import { createUser, findUserByEmail, type UserDto } from '@/lib/db/accounts/users';
import { hashPassword } from '@/lib/access/password';
import type { RoleName } from '@/lib/access/roles';

export interface UserSpec {
  email?: string;
  name?: string;
  role?: RoleName;
  password?: string;
  isDemo?: boolean;
}

let counter = 0;

export async function makeUser(db: Db, spec: UserSpec = {}): Promise<UserDto & { password: string }> {
  counter += 1;
  const password = spec.password ?? `test-password-${counter}`;
  const user = await createUser(db, {
    email: spec.email ?? `user${counter}-${Date.now()}@example.test`,
    name: spec.name ?? `Test User ${counter}`,
    role: spec.role ?? 'ANNOTATOR',
    passwordHash: await hashPassword(password),
    isDemo: spec.isDemo ?? false,
  });
  return { ...user, password };
}

/** Creates the user unless one with that email exists (idempotent seeding). */
export async function ensureUser(db: Db, spec: UserSpec & { email: string }): Promise<UserDto> {
  return (await findUserByEmail(db, spec.email)) ?? (await makeUser(db, spec));
}
