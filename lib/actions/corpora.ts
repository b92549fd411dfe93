'use server';
/** Create a corpus, set its language (researchers and admins). */
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { isLanguageCode } from '@/lib/naming/language';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { ensureCorpus, findCorpusByName, getCorpusBySlug, setCorpusLanguage } from '@/lib/db/corpora/corpora';
import { recordAudit } from '@/lib/db/accounts/audit';
import { defineAction } from './define-action';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);

export const createCorpusAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({
    name: z.string().trim().min(1, 'Enter a name.').max(120),
    tier: z.enum(['NONE', 'GOLD', 'SILVER', 'BRONZE']).default('NONE'),
    description: text(1000),
    source: text(500),
    licence: text(200),
    attribution: text(1000),
  }),
  handler: async (input, user) => {
    const db = getDb();
    if (await findCorpusByName(db, input.name)) throw new AppError('CONFLICT', `A corpus named "${input.name}" already exists.`);
    const corpus = await ensureCorpus(db, { ...input, createdById: user.id });
    await recordAudit(db, {
      actorId: user.id,
      action: 'corpus.create',
      targetType: 'corpus',
      targetId: corpus.id,
      details: { name: corpus.name },
    });
    redirect(`/corpora/${corpus.slug}`);
  },
});

/** The corpus language (ISO 639-1), as the user knows it better than the detector. */
export const setCorpusLanguageAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({
    slug: z.string().min(1).max(200),
    language: z.string().trim().refine(isLanguageCode, 'Enter a two-letter ISO 639-1 code such as en or es.'),
  }),
  handler: async ({ slug, language }, user) => {
    const db = getDb();
    const corpus = await getCorpusBySlug(db, slug);
    if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
    await setCorpusLanguage(db, corpus.id, language);
    await recordAudit(db, {
      actorId: user.id,
      action: 'corpus.language',
      targetType: 'corpus',
      targetId: corpus.id,
      details: { language },
    });
    revalidatePath(`/corpora/${corpus.slug}`);
    return { language };
  },
});
