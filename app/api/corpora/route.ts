/** GET /api/corpora: the corpora with their pair counts (researchers and admins). */
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { listCorporaWithCounts } from '@/lib/db/corpora';

export const GET = defineRoute({
  roles: rolesForArea('corpora'),
  handler: async () => {
    const corpora = await listCorporaWithCounts(getDb());
    return {
      corpora: corpora.map((c) => ({ name: c.name, slug: c.slug, tier: c.tier, pairCount: c.pairCount, licence: c.licence })),
    };
  },
});
