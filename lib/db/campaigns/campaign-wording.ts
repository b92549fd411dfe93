/**
 * A campaign's guidelines and question wording, and their versions (lib/annotation/wording.ts
 * decides what may change). A save is one transaction: lock the campaign row, check that the
 * editor saw the current version (compare-and-set, so two editors cannot overwrite each other),
 * count the answers, decide, then write the new version and the campaign's text. Version 1 (as
 * created) is stored with the first edit, so a campaign never edited has no version rows.
 */
import { AppError } from '@/lib/errors/app-error';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import { decideWordingEdit, meaningLockedReason } from '@/lib/annotation/wording';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { recordAudit } from '../accounts/audit';
import type { Db } from '../client';
import type { InputJsonValue } from '../generated/internal/prismaNamespace';

export interface WordingVersion {
  number: number;
  createdAt: Date;
  editor: string | null;
  changes: string[];
}

export interface CampaignWording {
  campaignId: number;
  slug: string;
  version: number;
  guidelines: string;
  questions: Question[];
  /** answers and gold answers given: above 0, only the wording may change */
  answers: number;
  /** why the meaning is locked (null: no answer yet, everything may change) */
  lockedReason: string | null;
  /** newest first; empty while the campaign was never edited */
  versions: WordingVersion[];
}

const whereRef = (ref: CampaignRef) => ('id' in ref ? { id: ref.id } : { slug: ref.slug });

/** Answers that fix the meaning: the annotators' and the gold answers (both are checked against the options). */
async function countAnswers(db: Pick<Db, 'annotation' | 'goldAnswer'>, campaignId: number): Promise<number> {
  const [annotations, gold] = await Promise.all([
    db.annotation.count({ where: { campaignId } }),
    db.goldAnswer.count({ where: { campaignId } }),
  ]);
  return annotations + gold;
}

const readChanges = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];

export async function getCampaignWording(db: Db, ref: CampaignRef): Promise<CampaignWording | null> {
  const c = await db.campaign.findUnique({
    where: whereRef(ref),
    select: {
      id: true,
      slug: true,
      wordingVersion: true,
      guidelines: true,
      questions: true,
      wordingVersions: {
        select: { number: true, createdAt: true, changes: true, editor: { select: { name: true } } },
        orderBy: { number: 'desc' },
      },
    },
  });
  if (!c) return null;
  const answers = await countAnswers(db, c.id);
  return {
    campaignId: c.id,
    slug: c.slug,
    version: c.wordingVersion,
    guidelines: c.guidelines,
    questions: readStoredQuestions(c.questions),
    answers,
    lockedReason: meaningLockedReason(answers),
    versions: c.wordingVersions.map((v) => ({
      number: v.number,
      createdAt: v.createdAt,
      editor: v.editor?.name ?? null,
      changes: readChanges(v.changes),
    })),
  };
}

export interface WordingEdit {
  /** the version the editor started from */
  basedOn: number;
  guidelines: string;
  questions: Question[];
}

export type WordingSaved = { campaignId: number; slug: string; version: number; changes: string[] };

/** Saves the edit as a new version (nothing when nothing changed) and audits it (`campaign.wording`). */
export async function saveCampaignWording(
  db: Db,
  ref: CampaignRef,
  editorId: number | null,
  edit: WordingEdit,
): Promise<WordingSaved> {
  const saved = await writeWording(db, ref, editorId, edit);
  if (saved.changes.length > 0) {
    await recordAudit(db, {
      actorId: editorId,
      action: 'campaign.wording',
      targetType: 'campaign',
      targetId: saved.campaignId,
      details: { version: saved.version, changes: saved.changes },
    });
  }
  return saved;
}

function writeWording(db: Db, ref: CampaignRef, editorId: number | null, edit: WordingEdit): Promise<WordingSaved> {
  return db.$transaction(async (tx) => {
    const found = await tx.campaign.findUnique({ where: whereRef(ref), select: { id: true } });
    if (!found) throw new AppError('NOT_FOUND', 'No such campaign.');
    // The row lock orders saves of one campaign, and waits for a transaction that is inserting an
    // answer (the foreign key holds a key-share lock on the row until it commits), so that answer is counted.
    const [c] = await tx.$queryRaw<
      Array<{
        id: number;
        slug: string;
        wordingVersion: number;
        guidelines: string;
        questions: unknown;
        createdAt: Date;
        createdById: number | null;
      }>
    >`
      SELECT "id", "slug", "wordingVersion", "guidelines", "questions", "createdAt", "createdById" FROM "Campaign" WHERE "id" = ${found.id} FOR UPDATE`;
    if (!c) throw new AppError('NOT_FOUND', 'No such campaign.');
    if (c.wordingVersion !== edit.basedOn) {
      throw new AppError(
        'CONFLICT',
        `Someone saved version ${c.wordingVersion} of the wording while you were editing version ${edit.basedOn}; reload the page and make your change again.`,
      );
    }
    const current = { guidelines: c.guidelines, questions: readStoredQuestions(c.questions) };
    const decision = decideWordingEdit(current, edit, await countAnswers(tx, c.id));
    if (decision.kind === 'refuse')
      throw new AppError(decision.reason === 'locked' ? 'CONFLICT' : 'INVALID_INPUT', decision.message);
    if (decision.kind === 'unchanged') return { campaignId: c.id, slug: c.slug, version: c.wordingVersion, changes: [] };
    if (c.wordingVersion === 1) {
      await tx.campaignWordingVersion.createMany({
        data: [
          {
            campaignId: c.id,
            number: 1,
            guidelines: current.guidelines,
            questions: current.questions as unknown as InputJsonValue,
            editorId: c.createdById,
            createdAt: c.createdAt,
          },
        ],
        skipDuplicates: true,
      });
    }
    const version = c.wordingVersion + 1;
    const questions = decision.questions as unknown as InputJsonValue;
    await tx.campaignWordingVersion.create({
      data: { campaignId: c.id, number: version, guidelines: edit.guidelines, questions, changes: decision.changes, editorId },
    });
    await tx.campaign.update({ where: { id: c.id }, data: { guidelines: edit.guidelines, questions, wordingVersion: version } });
    return { campaignId: c.id, slug: c.slug, version, changes: decision.changes };
  });
}

/**
 * The guidelines and questions of one wording version (what annotators saw under it): its version
 * row, or the campaign's own text when the campaign was never edited (version 1 is then current).
 */
export async function getCampaignWordingAt(
  db: Db,
  campaignId: number,
  version: number,
): Promise<{ guidelines: string; questions: Question[] } | null> {
  const row = await db.campaignWordingVersion.findUnique({
    where: { campaignId_number: { campaignId, number: version } },
    select: { guidelines: true, questions: true },
  });
  if (row) return { guidelines: row.guidelines, questions: readStoredQuestions(row.questions) };
  const c = await db.campaign.findUnique({
    where: { id: campaignId },
    select: { wordingVersion: true, guidelines: true, questions: true },
  });
  if (!c || c.wordingVersion !== version) return null;
  return { guidelines: c.guidelines, questions: readStoredQuestions(c.questions) };
}
