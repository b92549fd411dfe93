/** Checks a DATABASE_URL before use, turning driver errors into one actionable line. */
import pg from 'pg';
import { StartupError } from './startup-error';

function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function checkDatabaseUrl(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartupError('DATABASE_URL is not a valid URL.', 'Use postgresql://user:password@host:5432/database.');
  }
  if (!['postgres:', 'postgresql:'].includes(parsed.protocol)) {
    throw new StartupError(`DATABASE_URL uses "${parsed.protocol}" but Paralens needs PostgreSQL.`, 'Use a postgresql:// URL.');
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const target = describeTarget(url);
    const reason =
      code === '28P01' || code === '28000'
        ? 'authentication failed'
        : code === '3D000'
          ? 'the database does not exist'
          : code === 'ECONNREFUSED'
            ? 'connection refused'
            : code === 'ENOTFOUND'
              ? 'host not found'
              : error instanceof Error
                ? error.message.split('\n')[0]
                : String(error);
    throw new StartupError(
      `cannot use the database at ${target} (${reason}).`,
      'Check DATABASE_URL, or unset it to use the embedded database. Nothing was changed.',
    );
  } finally {
    await client.end().catch(() => {});
  }
}
