'use server';
/** Admin: create users, change roles, reset passwords, deactivate. Every change is audited. */
import { randomBytes } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { roles } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/audit';
import { countActiveAdmins, createUser, findUserByEmail, getUserById, updateUser } from '@/lib/db/users';
import { hashPassword, passwordRules } from '@/lib/auth/password';
import { defineAction } from './define-action';

const passwordSchema = z
  .string()
  .min(passwordRules.minLength, `At least ${passwordRules.minLength} characters.`)
  .max(passwordRules.maxLength);

function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

export const createUserAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address.'),
    name: z.string().trim().min(1, 'Enter a name.').max(120),
    role: z.enum(roles),
    password: z.union([z.literal(''), passwordSchema]).optional(),
  }),
  handler: async (input, admin) => {
    const db = getDb();
    if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', `A user with the email ${input.email} already exists.`);
    const password = input.password || generatePassword();
    const user = await createUser(db, { email: input.email, name: input.name, role: input.role, passwordHash: await hashPassword(password) });
    await recordAudit(db, { actorId: admin.id, action: 'user.create', targetType: 'user', targetId: user.id, details: { email: user.email, role: user.role } });
    revalidatePath('/admin/users');
    return { email: user.email, temporaryPassword: input.password ? null : password };
  },
});

const userIdSchema = z.coerce.number().int().positive();

async function loadTarget(id: number) {
  const user = await getUserById(getDb(), id);
  if (!user) throw new AppError('NOT_FOUND', 'That user does not exist.');
  return user;
}

/** The last active admin cannot lose the role or be deactivated: nobody could manage users after. */
async function assertNotLastAdmin(targetRole: string, isActive: boolean): Promise<void> {
  if (targetRole === 'ADMIN' && isActive && (await countActiveAdmins(getDb())) <= 1) {
    throw new AppError('CONFLICT', 'This is the last active admin; make another admin first.');
  }
}

export const setUserRoleAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, role: z.enum(roles) }),
  handler: async ({ userId, role }, admin) => {
    const target = await loadTarget(userId);
    if (target.role === role) return { role };
    await assertNotLastAdmin(target.role, target.isActive);
    const db = getDb();
    await updateUser(db, userId, { role });
    await recordAudit(db, { actorId: admin.id, action: 'user.role', targetType: 'user', targetId: userId, details: { from: target.role, to: role } });
    revalidatePath('/admin/users');
    return { role };
  },
});

export const resetPasswordAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, password: z.union([z.literal(''), passwordSchema]).optional() }),
  handler: async ({ userId, password }, admin) => {
    const target = await loadTarget(userId);
    const next = password || generatePassword();
    const db = getDb();
    await updateUser(db, userId, { passwordHash: await hashPassword(next) });
    await recordAudit(db, { actorId: admin.id, action: 'user.password-reset', targetType: 'user', targetId: userId });
    return { email: target.email, temporaryPassword: password ? null : next };
  },
});

export const setUserActiveAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, isActive: z.enum(['true', 'false']).transform((v) => v === 'true') }),
  handler: async ({ userId, isActive }, admin) => {
    const target = await loadTarget(userId);
    if (target.id === admin.id && !isActive) throw new AppError('CONFLICT', 'You cannot deactivate your own account.');
    if (!isActive) await assertNotLastAdmin(target.role, target.isActive);
    const db = getDb();
    await updateUser(db, userId, { isActive });
    await recordAudit(db, { actorId: admin.id, action: isActive ? 'user.activate' : 'user.deactivate', targetType: 'user', targetId: userId });
    revalidatePath('/admin/users');
    return { isActive };
  },
});
