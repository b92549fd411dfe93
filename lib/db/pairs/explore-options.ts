/**
 * What the explorer's filter form offers: corpora and campaigns by slug (small lists, read per page
 * view), archived ones left out.
 */
import type { Db } from '../client';

export interface ExploreOptions {
  corpora: Array<{ slug: string; name: string }>;
  campaigns: Array<{ slug: string; name: string }>;
}

export async function listExploreOptions(db: Db): Promise<ExploreOptions> {
  const [corpora, campaigns] = await Promise.all([
    db.corpus.findMany({ where: { archivedAt: null }, select: { slug: true, name: true }, orderBy: { name: 'asc' } }),
    db.campaign.findMany({
      where: { archivedAt: null },
      select: { slug: true, name: true },
      orderBy: { createdAt: 'desc' },
      take: 200,
    }),
  ]);
  return { corpora, campaigns };
}
