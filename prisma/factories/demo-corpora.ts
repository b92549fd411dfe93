import type { Db } from '@/lib/db/client';

// Filled in with the import pipeline (prisma/demo/*): returns the names of the corpora seeded.
export async function seedDemoCorpora(_db: Db): Promise<string[]> {
  return [];
}
