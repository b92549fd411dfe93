import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { PassThrough } from 'node:stream';
import { formatUnexpectedError, reportAppError, takeDebugFlag } from './error-report';

describe('CLI error reports', () => {
  it('reports an unexpected error as one line with a hint and no stack', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect'), {
      code: 'ECONNREFUSED',
    });
    expect(formatUnexpectedError(error, { command: 'corpora', debug: false })).toBe(
      'paralens corpora: connect ECONNREFUSED 127.0.0.1:5432. Check that PostgreSQL is running and DATABASE_URL points at it.\n',
    );
  });

  it("takes the cause from the last line of Prisma's multi-line messages", () => {
    const error = new Error(
      '\nInvalid `db.user.create()` invocation in\n/x/lib/db/users.ts:55:18\n\n→ 55 return db.user.create(\nUnique constraint failed on the fields: (`email`)',
    );
    error.name = 'PrismaClientKnownRequestError';
    expect(formatUnexpectedError(error, { command: 'user', debug: false })).toBe(
      'paralens user: Unique constraint failed on the fields: (`email`). Run again with --debug for the details.\n',
    );
  });

  it('adds the stack with debug', () => {
    const text = formatUnexpectedError(new Error('boom'), { command: 'import', debug: true });
    expect(text.split('\n')[0]).toBe('paralens import: boom. The stack follows.');
    expect(text).toMatch(/\n {4}at /);
  });

  it('finds --debug before a `--` and PARALENS_DEBUG=1', () => {
    expect(takeDebugFlag(['corpora', '--debug', '--json'], {})).toEqual({ args: ['corpora', '--json'], debug: true });
    expect(takeDebugFlag(['sim', '--', '--debug'], {})).toEqual({ args: ['sim', '--', '--debug'], debug: false });
    expect(takeDebugFlag(['sim'], { PARALENS_DEBUG: '1' })).toEqual({ args: ['sim'], debug: true });
  });

  it('writes AppErrors as their message: exit 2 for invalid input, 1 otherwise', () => {
    const stderr = new PassThrough();
    let written = '';
    stderr.on('data', (chunk: Buffer) => (written += chunk.toString()));
    expect(reportAppError(stderr, 'paralens x', new AppError('INVALID_INPUT', 'Bad.'))).toBe(2);
    expect(reportAppError(stderr, 'paralens x', new AppError('CONFLICT', 'Taken.'))).toBe(1);
    expect(reportAppError(stderr, 'paralens x', new Error('other'))).toBeNull();
    expect(written).toBe('paralens x: Bad.\nparalens x: Taken.\n');
  });
});
