/**
 * API tokens and user administration, as the account page and Admin › Users do them. Every one is
 * `sessionOnly` (docs/decisions/016): an API token is refused with 403, so a leaked token can
 * neither mint tokens that outlive its revocation nor create or reset accounts.
 */
import { z } from 'zod';
import { roles } from '@/lib/access/roles';
import {
  apiTokenLifetimeSchema,
  apiTokenNameSchema,
  newAccountSchema,
  newPasswordSchema,
  roleSchema,
} from '@/lib/access/account-schemas';
import { defineContract } from '../contract';
import { dbIdText } from '../db-numbers';
import { conflict, notFound, standardErrors } from '../error-body';
import { idParams } from './shared';

const admins = ['ADMIN'] as const;
const noUser = notFound('The user');
const tokensRevoked = z.number().int().describe("how many of the account's usable API tokens this revoked");
const temporaryPassword = z.string().nullable().describe('the generated password, shown once; null when one was given');

export const createApiTokenContract = defineContract({
  method: 'POST',
  path: '/api/v1/tokens',
  summary: 'Create an API token of your own; its secret is in the answer once and never again',
  tags: ['tokens'],
  roles,
  sessionOnly: true,
  body: z.object({ name: apiTokenNameSchema, expiresInDays: apiTokenLifetimeSchema }).strict(),
  responses: {
    201: {
      description: 'The token, with its secret',
      schema: z.object({ id: z.number().int(), token: z.string(), name: z.string(), expiresAt: z.string().nullable() }),
    },
    ...standardErrors,
  },
});

export const revokeApiTokenContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/tokens/{id}',
  summary: 'Revoke one of your own API tokens; scripts using it get 401 from then on',
  tags: ['tokens'],
  roles,
  sessionOnly: true,
  params: idParams,
  responses: {
    200: { description: 'Revoked', schema: z.object({ tokenId: z.number().int() }) },
    ...standardErrors,
    404: notFound('An active token of yours with that id'),
  },
});

export const createUserContract = defineContract({
  method: 'POST',
  path: '/api/v1/users',
  summary: 'Create an account; without a password one is generated and answered once',
  tags: ['users'],
  roles: admins,
  sessionOnly: true,
  body: newAccountSchema.strict(),
  responses: {
    201: { description: 'The account', schema: z.object({ email: z.string(), temporaryPassword }) },
    ...standardErrors,
    409: conflict('An account with that email exists'),
  },
});

export const setUserRoleContract = defineContract({
  method: 'PUT',
  path: '/api/v1/users/{id}/role',
  summary: "Set an account's role (the last active admin keeps theirs)",
  tags: ['users'],
  roles: admins,
  sessionOnly: true,
  params: idParams,
  body: z.object({ role: roleSchema }).strict(),
  responses: {
    200: { description: 'The role now', schema: z.object({ role: roleSchema }) },
    ...standardErrors,
    404: noUser,
    409: conflict('This is the last active admin'),
  },
});

export const resetUserPasswordContract = defineContract({
  method: 'POST',
  path: '/api/v1/users/{id}/password',
  summary: "Reset an account's password (generated and answered once unless given); its API tokens are revoked",
  tags: ['users'],
  roles: admins,
  sessionOnly: true,
  params: idParams,
  body: z.object({ password: newPasswordSchema }).strict(),
  responses: {
    200: {
      description: 'Reset',
      schema: z.object({ email: z.string(), temporaryPassword, tokensRevoked }),
    },
    ...standardErrors,
    404: noUser,
  },
});

export const setUserActiveContract = defineContract({
  method: 'PUT',
  path: '/api/v1/users/{id}/active',
  summary: 'Deactivate an account (its sessions end, its API tokens are revoked) or activate it again',
  tags: ['users'],
  roles: admins,
  sessionOnly: true,
  params: idParams,
  body: z.object({ isActive: z.boolean() }).strict(),
  responses: {
    200: { description: 'Its state now', schema: z.object({ isActive: z.boolean(), tokensRevoked }) },
    ...standardErrors,
    404: noUser,
    409: conflict('Your own account, or the last active admin'),
  },
});

export const revokeUserApiTokenContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/users/{id}/tokens/{tokenId}',
  summary: "Revoke any user's API token (`paralens token revoke` is the command line's way)",
  tags: ['users', 'tokens'],
  roles: admins,
  sessionOnly: true,
  params: idParams.extend({ tokenId: dbIdText }),
  responses: {
    200: { description: 'Revoked', schema: z.object({ tokenId: z.number().int() }) },
    ...standardErrors,
    404: notFound('An active token of that user with that id'),
  },
});
