/**
 * The demo corpora (prisma/demo/, see its README for sources and licences), imported through
 * the same import pipeline users run, so the demo shows measures computed exactly as for real data,
 * followed by the WordNet scoring job every import queues.
 */
import { fileURLToPath } from 'node:url';
import type { Database } from '@/lib/db/database';
import { ensureCorpus } from '@/lib/db/corpora/corpora';
import { jobOwner, releaseJobOwner } from '@/lib/runtime/job-owner';
import { runImport } from '@/lib/services/imports/run-import';
import { claimScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { runScoring } from '@/lib/services/scoring/run-scoring';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';

const demoDir = fileURLToPath(new URL('../demo/', import.meta.url));

const demoCorpora = [
  {
    file: 'wikipedia-ipc-paper-examples.csv',
    format: 'csv',
    map: 'a=caption_a,b=caption_b,id=example,pageA=page_a,pageB=page_b,sim.rouge1=rouge1,sim.rougeL=rougeL,sim.bleu=bleu,sim.wms=wms,sim.bertscore=bertscore,sim.st=st,meta=none',
    corpus: {
      name: 'Wikipedia-IPC · paper examples',
      tier: 'SILVER' as const,
      description: 'The four caption pairs of Table 5 of the EACL 2023 paper, with its semantic scores.',
      source: 'Gohsen et al. (2023), Paraphrase Acquisition from Image Captions, EACL, Table 5',
      licence: 'CC BY-SA 4.0 (Wikipedia text)',
      attribution: 'Captions from English Wikipedia articles, as quoted in Gohsen, Hagen, Potthast and Stein (EACL 2023).',
    },
  },
  {
    file: 'paws-wiki-dev-sample.tsv',
    format: 'paws',
    corpus: {
      name: 'PAWS-Wiki · demo sample',
      tier: 'NONE' as const,
      description: 'The first 300 pairs of the PAWS-Wiki Labeled (Final) dev split: adversarial pairs with high word overlap.',
      source: 'Zhang, Baldridge and He (2019), PAWS, NAACL; google-research-datasets/paws',
      licence: 'Free for any purpose (Google LLC)',
      attribution: 'PAWS: acknowledgement of Google LLC as the data source.',
    },
  },
];

export async function seedDemoCorpora(db: Database): Promise<string[]> {
  try {
    return await seedEach(db);
  } finally {
    await releaseJobOwner(db); // the seeding's jobs have ended: its client is closed next
  }
}

async function seedEach(db: Database): Promise<string[]> {
  const seeded: string[] = [];
  for (const demo of demoCorpora) {
    const corpus = await ensureCorpus(db, demo.corpus);
    const report = await runImport({
      db,
      filePath: `${demoDir}${demo.file}`,
      corpusId: corpus.id,
      format: demo.format,
      ...(demo.map ? { map: demo.map } : {}),
    });
    if (report.status === 'FAILED')
      throw new Error(`demo corpus ${demo.file} failed to import: ${report.message ?? ''} ${report.errors.join('; ')}`);
    // The WordNet measure needs no model: it gives the demo its semantic axis from the first start.
    if (report.scoringJobId && (await claimScoringJob(db, report.scoringJobId, await jobOwner(db)))) {
      const scoring = await runScoring({ db, jobId: report.scoringJobId, modelsDir: resolveModelsDir() });
      if (scoring.status !== 'SUCCEEDED')
        throw new Error(`the WordNet measure of demo corpus ${demo.file} failed: ${scoring.message}`);
    }
    seeded.push(`${corpus.name} (${report.imported} pairs)`);
  }
  return seeded;
}
