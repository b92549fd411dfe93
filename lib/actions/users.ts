'use server';
/**
 * Admin: create users, change roles, reset passwords, deactivate. The rules and the audit entries
 * live in lib/auth/accounts.ts, shared with `paralens user`.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { createAccount, newAccountSchema, newPasswordSchema, resetAccountPassword, roleSchema, setAccountActive, setAccountRole } from '@/lib/auth/accounts';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';

export const createUserAction = defineAction({
  roles: ['ADMIN'],
  schema: newAccountSchema,
  handler: async (input, admin) => {
    const { user, temporaryPassword } = await createAccount(getDb(), input, admin);
    revalidatePath('/admin/users');
    return { email: user.email, temporaryPassword };
  },
});

const userIdSchema = dbIdText;

export const setUserRoleAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, role: roleSchema }),
  handler: async ({ userId, role }, admin) => {
    const user = await setAccountRole(getDb(), userId, role, admin);
    revalidatePath('/admin/users');
    return { role: user.role };
  },
});

export const resetPasswordAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, password: newPasswordSchema }),
  handler: async ({ userId, password }, admin) => {
    const { user, temporaryPassword } = await resetAccountPassword(getDb(), userId, password, admin);
    return { email: user.email, temporaryPassword };
  },
});

export const setUserActiveAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, isActive: z.enum(['true', 'false']).transform((v) => v === 'true') }),
  handler: async ({ userId, isActive }, admin) => {
    const user = await setAccountActive(getDb(), userId, isActive, admin);
    revalidatePath('/admin/users');
    return { isActive: user.isActive };
  },
});
