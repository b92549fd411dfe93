/**
 * Creating a campaign (`POST /api/v1/campaigns`): check the definition (questions, sample request,
 * corpora and members by name; every problem reported at once, per field), give members a
 * pseudonym, then in one transaction create the campaign with its corpora and members and draw its
 * items in SQL (lib/db/campaigns/sampling.ts). The campaign records how it was drawn: the request, the seed,
 * the counts per stratum.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/errors/app-error';
import { resolveQuestions, type QuestionInput } from '@/lib/annotation/questions';
import { buildDefaultGuidelines, textKindOf } from '@/lib/annotation/default-guidelines';
import { listCorpusTextTypes } from '../corpora/corpora';
import { pseudonymFromBytes } from '@/lib/annotation/pseudonym';
import {
  checkQualitySettings,
  DEFAULT_QUALITY_SETTINGS,
  voteRuleMismatch,
  type QualitySettings,
} from '@/lib/annotation/quality-settings';
import { planSample, randomSeed, type SampleRequest } from '@/lib/sampling/sample-plan';
import { campaignSlugBase } from '@/lib/naming/campaign-ref';
import { uniqueSlug } from '@/lib/naming/slugify';
import type { Db } from '../client';
import { Prisma } from '../generated/client';
import { normaliseEmail } from '../accounts/users';
import { countItemSemParts, drawCampaignItems, type SampleOutcome } from './sampling';
import { measuresUsedBy, semEnters, type SampleDefinitions } from '@/lib/sampling/definitions';
import type { SamplePlan } from '@/lib/sampling/sample-plan';

export interface CreateCampaignInput {
  name: string;
  corpora: string[];
  sample: SampleRequest;
  questions: QuestionInput[];
  overlap: number;
  goldEvery: number;
  randomiseOrder: boolean;
  members: string[];
  guidelines?: string;
  holdMinutes: number;
  status: 'draft' | 'active';
  /** default: DEFAULT_QUALITY_SETTINGS */
  qualitySettings?: QualitySettings;
}

export interface CreatedCampaign {
  id: number;
  slug: string;
  items: number;
}

const listed = (values: string[]) => values.map((v) => JSON.stringify(v)).join(', ');

async function findCorpora(db: Db, slugs: string[]) {
  const corpora = await db.corpus.findMany({ where: { slug: { in: slugs } }, select: { id: true, slug: true } });
  const unknown = [...new Set(slugs)].filter((s) => !corpora.some((c) => c.slug === s));
  return { corpora, unknown };
}

async function findMembers(db: Db, emails: string[]) {
  const wanted = [...new Set(emails.map(normaliseEmail))];
  const users = await db.user.findMany({ where: { email: { in: wanted }, isActive: true }, select: { id: true, email: true } });
  return { users, unknown: wanted.filter((e) => !users.some((u) => u.email === e)) };
}

/** Gives each user without one a pseudonym (unique; a clash draws again). */
export async function ensurePseudonyms(db: Db, userIds: number[]): Promise<void> {
  for (const id of userIds) {
    for (let attempt = 0; ; attempt++) {
      try {
        await db.user.updateMany({ where: { id, pseudonym: null }, data: { pseudonym: pseudonymFromBytes(randomBytes(6)) } });
        break;
      } catch (error) {
        if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') || attempt >= 5) throw error;
      }
    }
  }
}

export async function freeSlug(db: Db, name: string): Promise<string> {
  const base = campaignSlugBase(name);
  const taken = new Set(
    (await db.campaign.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((c) => c.slug),
  );
  return uniqueSlug(base, (s) => taken.has(s));
}

/** Checks everything, then creates the campaign and its items in one transaction. */
export async function createCampaign(
  db: Db,
  input: CreateCampaignInput,
  createdById: number | null,
  makeSeed: () => string = randomSeed,
): Promise<CreatedCampaign> {
  const fields: Record<string, string> = {};
  const questions = resolveQuestions(input.questions);
  if ('errors' in questions) fields.questions = questions.errors.join('; ');
  const qualitySettings = input.qualitySettings ?? DEFAULT_QUALITY_SETTINGS;
  const settingsErrors = checkQualitySettings('questions' in questions ? questions.questions : [], qualitySettings);
  if (settingsErrors.length > 0 && 'questions' in questions) fields['qualitySettings.goldQuestions'] = settingsErrors.join('; ');
  const voteMismatch = voteRuleMismatch(qualitySettings, input.overlap);
  if (voteMismatch) fields['qualitySettings.yesNoRule'] = voteMismatch;
  const planned = planSample(input.sample, makeSeed);
  if (!planned.ok) Object.assign(fields, planned.fields);
  const { corpora, unknown: unknownCorpora } = await findCorpora(db, input.corpora);
  if (unknownCorpora.length > 0) fields.corpora = `unknown corpora: ${listed(unknownCorpora)}`;
  const { users, unknown: unknownMembers } = await findMembers(db, input.members);
  if (unknownMembers.length > 0) fields.members = `no active user with the email ${listed(unknownMembers)}`;
  if (Object.keys(fields).length > 0 || 'errors' in questions || !planned.ok) {
    throw new AppError(
      'INVALID_INPUT',
      `The campaign definition has problems: ${Object.entries(fields)
        .map(([k, m]) => `${k}: ${m}`)
        .join('; ')}`,
      { fields },
    );
  }
  const plan = planned.plan;
  await ensurePseudonyms(
    db,
    users.map((u) => u.id),
  );
  const slug = await freeSlug(db, input.name);
  // default guidelines speak of the texts annotators will see: sentences, captions, or both
  const textTypes = [
    ...(
      await listCorpusTextTypes(
        db,
        corpora.map((c) => c.id),
      )
    ).values(),
  ].flat();
  const guidelines = input.guidelines ?? buildDefaultGuidelines(questions.questions, textKindOf(textTypes));
  return db.$transaction(
    async (tx) => {
      const campaign = await tx.campaign.create({
        data: {
          name: input.name,
          slug,
          guidelines,
          status: input.status === 'active' ? 'ACTIVE' : 'DRAFT',
          questions: questions.questions as unknown as Prisma.InputJsonValue,
          overlap: input.overlap,
          goldEvery: input.goldEvery,
          randomiseOrder: input.randomiseOrder,
          holdMinutes: input.holdMinutes,
          qualitySettings: qualitySettings as unknown as Prisma.InputJsonValue,
          sampling: {},
          createdById,
          corpora: { create: corpora.map((c) => ({ corpusId: c.id })) },
          members: { create: users.map((u) => ({ userId: u.id, role: 'ANNOTATOR' as const })) },
        },
        select: { id: true, slug: true },
      });
      const outcome = await drawCampaignItems(
        tx,
        campaign.id,
        corpora.map((c) => c.id),
        plan,
      );
      if (outcome.items === 0) {
        throw new AppError('INVALID_INPUT', 'The sample is empty: no pair of these corpora passes the filters.', {
          fields: { sample: 'no pair of these corpora passes the filters (or has the measure to stratify by)' },
        });
      }
      const sampling = await samplingRecord(tx, campaign.id, input.sample, corpora, plan, outcome);
      await tx.campaign.update({ where: { id: campaign.id }, data: { sampling: sampling as unknown as Prisma.InputJsonValue } });
      return { ...campaign, items: outcome.items };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * What the campaign records about its draw: the request, the corpora, the plan (with its seed), the
 * outcome, and the definitions of the measures it used (lib/sampling/definitions.ts): per corpus the
 * tokenizer, the semantic set and which measures formed sem for the candidates and the drawn pairs.
 */
export async function samplingRecord(
  tx: Tx,
  campaignId: number,
  request: SampleRequest,
  corpora: ReadonlyArray<{ id: number; slug: string }>,
  plan: SamplePlan,
  outcome: SampleOutcome,
): Promise<Record<string, unknown>> {
  const { semCandidates, ...drawn } = outcome;
  const measures = measuresUsedBy(plan);
  const [rows, items] = await Promise.all([
    tx.corpus.findMany({
      where: { id: { in: corpora.map((c) => c.id) } },
      select: { slug: true, measureTokenizer: true, semMeasures: true },
    }),
    countItemSemParts(tx, campaignId),
  ]);
  const definitions: SampleDefinitions = {
    measures,
    usesSem: semEnters(measures),
    corpora: Object.fromEntries(
      rows.map((c) => [
        c.slug,
        {
          tokenizer: c.measureTokenizer,
          semSet: c.semMeasures,
          semCandidates: semCandidates?.[c.slug] ?? {},
          semItems: items[c.slug] ?? {},
        },
      ]),
    ),
  };
  return { request, corpora: corpora.map((c) => c.slug), ...plan, ...drawn, definitions };
}
