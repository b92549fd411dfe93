/**
 * The input rules of accounts and API tokens, shared by the /api/v1 contracts (lib/api/contracts/
 * accounts.ts), the account services and `paralens user`. Pure: zod and the roles only, so the
 * screens' bundles may import it.
 */
import { z } from 'zod';
import { roles } from './roles';

export const passwordRules = { minLength: 10, maxLength: 200 } as const;

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address.');
export const userNameSchema = z.string().trim().min(1, 'Enter a name.').max(120);
export const roleSchema = z.enum(roles);
/** A password to set; empty (or absent) means "generate one and show it once". */
export const newPasswordSchema = z
  .union([
    z.literal(''),
    z.string().min(passwordRules.minLength, `At least ${passwordRules.minLength} characters.`).max(passwordRules.maxLength),
  ])
  .optional();

export const newAccountSchema = z.object({
  email: emailSchema,
  name: userNameSchema,
  role: roleSchema,
  password: newPasswordSchema,
});
export type NewAccountInput = z.infer<typeof newAccountSchema>;

export const apiTokenNameSchema = z.string().trim().min(1, 'Name the token (e.g. the script that uses it).').max(80);
/** How many days a new token lives; null or absent: it never expires. */
export const apiTokenLifetimeSchema = z.number().int().min(1, 'At least 1 day.').max(3650).nullable().optional();
