'use server';
/**
 * API tokens of the signed-in user (any role): create one (the secret is returned once and stored
 * only as its SHA-256) and revoke one. Only the user's own tokens; each change is audited.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { roles } from '@/lib/access/roles';
import { issueApiToken } from '@/lib/auth/api-token';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { revokeApiToken } from '@/lib/db/accounts/api-tokens';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';

const apiTokenNameSchema = z.string().trim().min(1, 'Name the token (e.g. the script that uses it).').max(80);

export const createApiTokenAction = defineAction({
  roles,
  schema: z.object({
    name: apiTokenNameSchema,
    expiresInDays: z
      .union([z.literal('').transform(() => null), z.coerce.number().int().min(1, 'At least 1 day.').max(3650)])
      .optional(),
  }),
  handler: async ({ name, expiresInDays }, user) => {
    const db = getDb();
    const { token, view } = await issueApiToken(db, user.id, name, expiresInDays ?? null);
    await recordAudit(db, {
      actorId: user.id,
      action: 'token.create',
      targetType: 'api-token',
      targetId: view.id,
      details: { name, prefix: view.prefix },
    });
    revalidatePath('/account/tokens');
    return { id: view.id, token, name: view.name, expiresAt: view.expiresAt?.toISOString() ?? null };
  },
});

export const revokeApiTokenAction = defineAction({
  roles,
  schema: z.object({ tokenId: dbIdText }),
  handler: async ({ tokenId }, user) => {
    const db = getDb();
    if (!(await revokeApiToken(db, user.id, tokenId))) throw new AppError('NOT_FOUND', 'You have no active token with that id.');
    await recordAudit(db, { actorId: user.id, action: 'token.revoke', targetType: 'api-token', targetId: tokenId });
    revalidatePath('/account/tokens');
    return { tokenId };
  },
});
