/** Runs `runMining` against the test worker's database with the paper's defaults and a fresh corpus name. */
import { getDb } from '@/lib/db/client';
import { runMining, type MiningReport, type RunMiningOptions } from '../run-mining';

let counter = 0;

export function mineInTest(extra: Partial<RunMiningOptions>): Promise<MiningReport> {
  counter++;
  return runMining({
    db: getDb(),
    databaseUrl: process.env.DATABASE_URL!,
    dumpPath: null,
    indexPath: null,
    referencesPath: null,
    corpusName: `mined in test ${process.pid}-${counter}`,
    tier: 'gold',
    mode: 'fixed',
    minRefs: 2,
    maxRefs: 10,
    silverRule: 'has-verb',
    workers: 2,
    ...extra,
  });
}
