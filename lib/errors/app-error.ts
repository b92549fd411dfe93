/**
 * Expected failures whose message may be shown to the user (documenso-style typed codes).
 * Anything that is not an AppError is logged and shown as a generic error.
 */
export type AppErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_INPUT'
  | 'RATE_LIMITED'
  /** a disk of the server is full (ENOSPC): the message names the folder and the space needed */
  | 'INSUFFICIENT_STORAGE'
  /** this instance lacks something the request needs (its files folder): the message names it and the fix */
  | 'UNAVAILABLE';

const httpStatus: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_INPUT: 400,
  RATE_LIMITED: 429,
  INSUFFICIENT_STORAGE: 507,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return httpStatus[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
