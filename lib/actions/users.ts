'use server';
/**
 * Admin: create users, change roles, reset passwords, deactivate, revoke a user's API tokens. The
 * account rules and their audit entries live in lib/services/accounts/administer-accounts.ts, shared with `paralens user`.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { revokeApiToken } from '@/lib/db/accounts/api-tokens';
import {
  createAccount,
  newAccountSchema,
  newPasswordSchema,
  resetAccountPassword,
  roleSchema,
  setAccountActive,
  setAccountRole,
} from '@/lib/services/accounts/administer-accounts';
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
    const { user, temporaryPassword, tokensRevoked } = await resetAccountPassword(getDb(), userId, password, admin);
    revalidatePath('/admin/users', 'layout'); // the token counts and the user's token page
    return { email: user.email, temporaryPassword, tokensRevoked };
  },
});

export const setUserActiveAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, isActive: z.enum(['true', 'false']).transform((v) => v === 'true') }),
  handler: async ({ userId, isActive }, admin) => {
    const { user, tokensRevoked } = await setAccountActive(getDb(), userId, isActive, admin);
    revalidatePath('/admin/users', 'layout');
    return { isActive: user.isActive, tokensRevoked };
  },
});

/** Any user's token, on the user's token page (/admin/users/{id}/tokens); `paralens token revoke` is the command line's way. */
export const revokeUserApiTokenAction = defineAction({
  roles: ['ADMIN'],
  schema: z.object({ userId: userIdSchema, tokenId: z.coerce.number().int().positive() }),
  handler: async ({ userId, tokenId }, admin) => {
    const db = getDb();
    if (!(await revokeApiToken(db, userId, tokenId)))
      throw new AppError('NOT_FOUND', 'That user has no active token with that id.');
    await recordAudit(db, {
      actorId: admin.id,
      action: 'token.revoke',
      targetType: 'api-token',
      targetId: tokenId,
      details: { userId, via: 'web' },
    });
    revalidatePath('/admin/users', 'layout');
    return { tokenId };
  },
});
