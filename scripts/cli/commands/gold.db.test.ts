import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { runInMemory } from '../memory-io';
import { run } from './gold';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

async function setup() {
  const corpus = await makeCorpus(db);
  const stamp = Date.now();
  const specs = Array.from({ length: 6 }, (_, i) => ({
    a: `Gold file ${stamp} pair ${i}: first.`,
    b: `Gold file ${stamp} pair ${i}: second.`,
    originalId: `g${i}`,
  }));
  const ids = await makePairs(db, corpus.id, specs);
  const user = await makeUser(db);
  const campaign = await makeCampaign(db, {
    corpora: [corpus.slug],
    sample: { strategy: 'random', size: 3, seed: 5 },
    members: [user.email],
    overlap: 1,
  });
  const items = new Set(
    (await db.campaignItem.findMany({ where: { campaignId: campaign.id }, select: { pairId: true } })).map((i) => i.pairId),
  );
  const outside = ids.map((id, i) => ({ id, spec: specs[i]! })).filter((p) => !items.has(p.id));
  const inside = ids.map((id, i) => ({ id, spec: specs[i]! })).filter((p) => items.has(p.id));
  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-gold-'));
  const file = async (name: string, text: string) => {
    await writeFile(path.join(dir, name), text);
    return path.join(dir, name);
  };
  return { campaign, user, outside, inside, file };
}

describe('paralens gold FILE', () => {
  it('marks gold pairs by original id, Paralens id or exact texts, all or nothing with line-numbered errors', async () => {
    const { campaign, user, outside, inside, file } = await setup();
    // one ordinary pair handed out: it cannot become gold (the route's 409)
    const handed = await getNextPair(pool, parseCampaignRef(campaign.slug), user.id);
    if (handed.kind !== 'pair') throw new Error('no pair');
    const bad = await file(
      'bad.csv',
      [
        'pair,score,rel,why',
        `${outside[0]!.spec.originalId},4,E,Same meaning.`,
        'nope,3,E,No such pair.',
        `${outside[0]!.spec.originalId},2,E,Twice.`,
        `${outside[1]!.spec.originalId},9,E,Off the scale.`,
        `${outside[2]!.spec.originalId},3,E,`,
      ].join('\n'),
    );
    const map = ['--map', 'pair=pair,semantic=score,relation=rel,explanation=why', '--values', 'relation:E=equivalence'];
    const refused = await runInMemory(run, [bad, '--campaign', campaign.slug, ...map]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n').slice(0, 2)).toEqual([
      'line 5: answers.semantic must be an integer from 0 to 4, not 9',
      'line 6: no explanation in column "why"',
    ]);
    // the rows that read well go to the database only when all do; then the matching errors
    const unmatched = await file(
      'unmatched.csv',
      [
        'pair,score,rel,why',
        `${outside[0]!.spec.originalId},4,E,Same meaning.`,
        'nope,3,E,No such pair.',
        `${outside[0]!.spec.originalId},2,E,Twice.`,
      ].join('\n'),
    );
    const second = await runInMemory(run, [unmatched, '--campaign', campaign.slug, ...map]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `line 3: no pair of the campaign's corpora has the original id "nope"\nline 4: pair ${outside[0]!.id} is already on line 2\n`,
    );
    const handedOut = await file('handed.jsonl', JSON.stringify({ id: handed.pair.pairId, score: 1, why: 'x' }) + '\n');
    const third = await runInMemory(run, [
      handedOut,
      '--campaign',
      campaign.slug,
      '--map',
      'id=id,semantic=score,explanation=why',
    ]);
    expect(third.stderr).toContain(`line 1: pair ${handed.pair.pairId}: This pair was already handed out as an ordinary pair`);
    expect(await db.goldAnswer.count({ where: { campaignId: campaign.id } })).toBe(0);

    const other = inside.find((p) => p.id !== handed.pair.pairId)!;
    const good = await file(
      'good.tsv',
      [
        'a\tb\tpid\tscore\trel\twhy',
        `${outside[0]!.spec.a}\t${outside[0]!.spec.b}\t\t4\tE\tSame meaning, other words.`,
        `\t\t${other.id}\t\tE\tOnly the relation counts.`,
      ].join('\n'),
    );
    // texts and ids cannot be mixed in one map: one file by texts, one by ids
    const byTexts = await runInMemory(run, [
      good,
      '--campaign',
      campaign.slug,
      '--map',
      'a=a,b=b,semantic=score,relation=rel,explanation=why',
      '--values',
      'relation:E=equivalence',
    ]);
    expect(byTexts.code).toBe(1);
    expect(byTexts.stderr).toContain('line 3: a text is missing');
    const textsOnly = await file(
      'texts.tsv',
      ['a\tb\tscore\trel\twhy', `${outside[0]!.spec.a}\t${outside[0]!.spec.b}\t4\tE\tSame meaning, other words.`].join('\n'),
    );
    const ok = await runInMemory(run, [
      textsOnly,
      '--campaign',
      campaign.slug,
      '--map',
      'a=a,b=b,semantic=score,relation=rel,explanation=why',
      '--values',
      'relation:E=equivalence',
    ]);
    expect(ok).toMatchObject({ code: 0, stdout: 'Marked 1 gold pair (1 new, 0 replaced).\n' });
    const ids = await file(
      'ids.jsonl',
      [
        { id: other.id, rel: 'equivalence', why: 'Only the relation counts.' },
        { id: outside[0]!.id, score: 3, why: 'Changed.' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const byIds = await runInMemory(run, [
      ids,
      '--campaign',
      campaign.slug,
      '--map',
      'id=id,semantic=score,relation=rel,explanation=why',
    ]);
    expect(byIds).toMatchObject({ code: 0, stdout: 'Marked 2 gold pairs (1 new, 1 replaced).\n' });
    const gold = await db.goldAnswer.findMany({
      where: { campaignId: campaign.id },
      orderBy: { pairId: 'asc' },
      select: { pairId: true, answers: true, explanation: true },
    });
    expect(gold).toEqual(
      [
        { pairId: other.id, answers: { relation: 'equivalence' }, explanation: 'Only the relation counts.' },
        { pairId: outside[0]!.id, answers: { semantic: 3 }, explanation: 'Changed.' },
      ].sort((x, y) => x.pairId - y.pairId),
    );
    // the outside pair joined the campaign as a gold item, closed to the ordinary draw
    expect(
      await db.campaignItem.findUniqueOrThrow({
        where: { campaignId_pairId: { campaignId: campaign.id, pairId: outside[0]!.id } },
      }),
    ).toMatchObject({ isGold: true, isOpen: false });
  });
});
