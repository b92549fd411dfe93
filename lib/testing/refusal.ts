/** For tests of code that refuses: the AppError a promise rejects with, as { code, message }; anything else fails the test. */
import { AppError } from '@/lib/errors/app-error';

export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}
