/**
 * Tests that need pairs shown in both orders must not depend on the ids a run happens to get: the
 * display order is md5(campaign:user:pair) (lib/annotation/display-order.ts), so a campaign of 12
 * pairs shows them all one way in about 1 run in 2,000. This sets campaigns up until the first
 * user's display of the items (texts ignored) has both orders; 20 misses in a row would be a bug.
 */
import { isDisplaySwapped } from '@/lib/annotation/display-order';
import type { Db } from '../client';

export async function setupWithBothOrders<T extends { campaign: { id: number }; users: ReadonlyArray<{ id: number }> }>(
  db: Db,
  setup: () => Promise<T>,
): Promise<T> {
  const tried: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const made = await setup();
    const items = await db.campaignItem.findMany({
      where: { campaignId: made.campaign.id, isGold: false },
      select: { pairId: true },
    });
    const orders = new Set(items.map((i) => isDisplaySwapped(true, made.campaign.id, made.users[0]!.id, i.pairId)));
    if (orders.size === 2) return made;
    tried.push(made.campaign.id);
  }
  throw new Error(`no campaign with both display orders (campaigns ${tried.join(', ')})`);
}
