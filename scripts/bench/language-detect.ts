/**
 * The corpus-language detector (lib/language/detect.ts) on the shared corpora: per file, the share
 * of texts tinyld alone calls English, and the share of 200-text samples (what an import looks at)
 * it calls English. A measurement for docs/metrics.md, not a test. Usage:
 *   npx tsx scripts/bench/language-detect.ts [/work/shared/datasets]
 */
import path from 'node:path';
import { openImportFile } from '@/lib/import/open-import-file';
import { detectCorpusLanguage, detectTextLanguage, DETECT_SAMPLE } from '@/lib/language/detect';

const root = process.argv[2] ?? '/work/shared/datasets';
const FILES = [
  'msrpc/msr_paraphrase_train.txt',
  'sick/SICK.txt',
  'stsb/sts-train.csv',
  'paws/dev.tsv',
  'pit2015/dev.data',
  'twitter-url/samples/Twitter_URL_Corpus_test_sample.txt',
  'multipit/expert/train.csv',
];
const MAX_TEXTS = 4000;

for (const file of FILES) {
  const stream = await openImportFile(path.join(root, file));
  const texts: string[] = [];
  for await (const item of stream.items) {
    if (item.ok) texts.push(item.record.a.text, item.record.b.text);
    if (texts.length >= MAX_TEXTS) break;
  }
  await stream.close();
  const perText = texts.filter((t) => detectTextLanguage(t) === 'en').length / texts.length;
  let samples = 0;
  let right = 0;
  for (let i = 0; i + DETECT_SAMPLE <= texts.length; i += DETECT_SAMPLE) {
    samples += 1;
    if (detectCorpusLanguage(texts.slice(i, i + DETECT_SAMPLE)).language === 'en') right += 1;
  }
  const whole = detectCorpusLanguage(texts).language;
  console.log(
    `${file}\t${texts.length} texts\tper text ${(perText * 100).toFixed(1)} % en\t${right}/${samples} samples en\tcorpus: ${whole}`,
  );
}
