/** Runs `runMining` against the test worker's database with the paper's defaults and a fresh corpus name. */
import { database } from '@/lib/db/database';
import { runMining, type MiningReport, type RunMiningOptions } from '@/lib/services/mining/run-mining';
import { startMapWorkers } from '../worker-pool';

let counter = 0;

export function mineInTest(extra: Partial<RunMiningOptions>): Promise<MiningReport> {
  counter++;
  return runMining({
    db: database(),
    startWorkers: startMapWorkers,
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
