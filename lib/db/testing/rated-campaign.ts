/**
 * A campaign with answers written straight into "Annotation" (tests of the dashboards): pairs with
 * given syn/sem and measures, annotators with their answers per pair, gold items and excluded
 * members, so every number a dashboard shows can be recomputed in the test from this spec.
 */
import type { QuestionInput } from '@/lib/annotation/questions';
import type { Db } from '@/lib/db/client';
import type { MeasureKey } from '@/lib/measures/catalog';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';

export interface RatedPairSpec {
  measures: Partial<Record<MeasureKey, number>>;
  /** answers by annotator index (undefined: that annotator did not answer) */
  answers: Array<Record<string, number | string | boolean> | undefined>;
  gold?: boolean;
  stratum?: string;
}

let counter = 0;

export async function makeRatedCampaign(
  db: Db,
  spec: { annotators: number; pairs: RatedPairSpec[]; excluded?: number[]; questions?: QuestionInput[]; corpora?: number },
) {
  counter += 1;
  const corpusCount = spec.corpora ?? 1;
  const corpora = await Promise.all(Array.from({ length: corpusCount }, () => makeCorpus(db)));
  const pairIds: number[] = [];
  for (let c = 0; c < corpusCount; c++) {
    const own = spec.pairs.map((p, i) => ({ p, i })).filter(({ i }) => i % corpusCount === c);
    const ids = await makePairs(
      db,
      corpora[c]!.id,
      own.map(({ p, i }) => ({
        a: `Rated ${counter} pair ${i}: one text here.`,
        b: `Rated ${counter} pair ${i}: another text.`,
        measures: p.measures,
      })),
    );
    own.forEach(({ i }, k) => (pairIds[i] = ids[k]!));
  }
  const users: Array<Awaited<ReturnType<typeof makeUser>>> = [];
  for (let a = 0; a < spec.annotators; a++) users.push(await makeUser(db, { name: `Rater ${counter}-${a}` }));
  const campaign = await makeCampaign(db, {
    corpora: corpora.map((c) => c.slug),
    questions: spec.questions ?? ['semantic', 'syntactic'],
    members: users.map((u) => u.email),
    overlap: spec.annotators,
  });
  for (const [i, p] of spec.pairs.entries()) {
    if (p.gold || p.stratum)
      await db.campaignItem.update({
        where: { campaignId_pairId: { campaignId: campaign.id, pairId: pairIds[i]! } },
        data: { isGold: p.gold ?? false, stratum: p.stratum ?? null },
      });
  }
  for (const a of spec.excluded ?? [])
    await db.campaignMember.update({
      where: { campaignId_userId: { campaignId: campaign.id, userId: users[a]!.id } },
      data: { excluded: true },
    });
  await db.annotation.createMany({
    data: spec.pairs.flatMap((p, i) =>
      p.answers.flatMap((answers, a) =>
        answers
          ? [
              {
                campaignId: campaign.id,
                pairId: pairIds[i]!,
                annotatorId: users[a]!.id,
                submissionId: `rated-${counter}-${i}-${a}-${Date.now()}`,
                answers,
              },
            ]
          : [],
      ),
    ),
  });
  const pseudonyms = (
    await db.user.findMany({ where: { id: { in: users.map((u) => u.id) } }, select: { id: true, pseudonym: true } })
  ).map((u) => ({ id: u.id, pseudonym: u.pseudonym! }));
  const pseudonymOf = (a: number) => pseudonyms.find((p) => p.id === users[a]!.id)!.pseudonym;
  return { campaign, corpora, pairIds, users, pseudonymOf };
}
