import { getDb } from './client';

export async function pingDatabase(): Promise<boolean> {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

/** GET /api/health's answer: 200 when the database answers, else 503. */
export async function healthAnswer(): Promise<{ status: number; body: { ok: boolean; database: 'up' | 'down' } }> {
  const database = await pingDatabase();
  return { status: database ? 200 : 503, body: { ok: database, database: database ? 'up' : 'down' } };
}
