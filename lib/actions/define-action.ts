/**
 * The one wrapper around every Server Action: authenticate, check the role, parse the input
 * with zod, run the handler. Returns a result object (never throws to the client): AppError
 * messages reach the user, anything else is logged and reported generically.
 */
import type { z } from 'zod';
import { isAppError } from '@/lib/errors/app-error';
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';
import type { RoleName } from '@/lib/access/roles';
import { assertRole, authenticate, type CurrentUser } from '@/lib/auth/guards';
import { plainError } from '@/lib/validation/plain-errors';

export type ActionResult<T> =
  { ok: true; data: T; message?: string } | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

interface ActionDefinition<S extends z.ZodType, T> {
  roles: readonly RoleName[];
  schema: S;
  handler: (input: z.infer<S>, user: CurrentUser) => Promise<T>;
}

function formDataToObject(data: FormData): Record<string, unknown> {
  return Object.fromEntries(data.entries());
}

export function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR_FALLBACK'));
}

export function defineAction<S extends z.ZodType, T>(def: ActionDefinition<S, T>) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    try {
      const user = await authenticate();
      assertRole(user, def.roles);
      const raw = input instanceof FormData ? formDataToObject(input) : input;
      const parsed = def.schema.safeParse(raw, { error: plainError });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.') || '_';
          (fieldErrors[key] ??= []).push(issue.message);
        }
        return { ok: false, error: 'Please correct the highlighted fields.', fieldErrors };
      }
      return { ok: true, data: await def.handler(parsed.data, user) };
    } catch (error) {
      if (isNextControlFlow(error)) throw error;
      if (isAppError(error)) return { ok: false, error: error.message };
      const reference = logUnexpectedError(error, 'server action');
      return { ok: false, error: unexpectedErrorMessage(reference, 'Something went wrong. Please try again') };
    }
  };
}
