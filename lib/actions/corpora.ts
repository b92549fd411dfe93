'use server';
/** Create a corpus (researchers and admins). */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { ensureCorpus, findCorpusByName } from '@/lib/db/corpora';
import { recordAudit } from '@/lib/db/audit';
import { defineAction } from './define-action';

const text = (max: number) => z.string().trim().max(max).transform((v) => v || null);

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
    await recordAudit(db, { actorId: user.id, action: 'corpus.create', targetType: 'corpus', targetId: corpus.id, details: { name: corpus.name } });
    redirect(`/corpora/${corpus.slug}`);
  },
});
