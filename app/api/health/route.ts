/** Public liveness check: answers whether the app can reach its database. */
import { NextResponse } from 'next/server';
import { healthAnswer } from '@/lib/db/health';

// The production web server answers this path itself (lib/runtime/web-server.ts), like the annotation hot routes.
export async function GET(): Promise<NextResponse> {
  const { status, body } = await healthAnswer();
  return NextResponse.json(body, { status });
}
