/** Public liveness check: answers whether the app can reach its database. */
import { NextResponse } from 'next/server';
import { pingDatabase } from '@/lib/db/health';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<NextResponse> {
  const database = await pingDatabase();
  return NextResponse.json({ ok: database, database: database ? 'up' : 'down' }, { status: database ? 200 : 503 });
}
