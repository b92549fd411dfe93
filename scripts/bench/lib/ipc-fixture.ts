/**
 * Deterministic Wikipedia-IPC-format pair files for benchmarks: images with 2–5 references whose
 * captions are variants of one another (shared words, substitutions, reordering), all pairs of
 * an image, Zipf-distributed English-like vocabulary, and the paper's semantic similarity keys.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createRandom } from '@/lib/stats/random';

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ten',
  'ra',
  'vis',
  'dor',
  'el',
  'un',
  'shi',
  'po',
  'ler',
  'an',
  'ti',
  'gra',
  'mon',
  'us',
  'fe',
  'ble',
  'cor',
];
const COMMON =
  'the a of in and on at with from by during view old new north south church bridge station castle river park tower street house museum painting portrait 1907 1923 photograph'.split(
    ' ',
  );

function buildVocabulary(random: () => number, size: number): string[] {
  const words = new Set<string>(COMMON);
  while (words.size < size) {
    const n = 1 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i += 1) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (random() < 0.3) w += random() < 0.5 ? 'ing' : 's';
    words.add(w);
  }
  return [...words];
}

export interface FixtureOptions {
  pairs: number;
  seed?: number;
}

/** Writes `pairs` JSON lines to `path`; returns the byte count. */
export async function writeIpcFixture(path: string, options: FixtureOptions): Promise<number> {
  const source = createRandom(options.seed ?? 2023);
  const random = (): number => source.nextFloat();
  const vocabulary = buildVocabulary(random, 5000);
  const zipfWord = (): string => vocabulary[Math.floor(vocabulary.length * Math.pow(random(), 2.2))]!;
  const out = createWriteStream(path);
  let buffer = '';
  let bytes = 0;
  let written = 0;
  let image = 0;
  while (written < options.pairs) {
    image += 1;
    const base = Array.from({ length: 6 + Math.floor(random() * 14) }, zipfWord);
    const refs = 2 + Math.floor(random() * 4);
    const captions = Array.from({ length: refs }, () => {
      const words = base.map((w) => (random() < 0.3 ? zipfWord() : w));
      if (random() < 0.3) words.reverse();
      const text = words.join(' ');
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    });
    for (let i = 0; i < refs && written < options.pairs; i += 1) {
      for (let j = i + 1; j < refs && written < options.pairs; j += 1) {
        const record = {
          id: Math.floor(random() * 4294967296) | 0,
          'cluster-id': image % 10000,
          image: `https://commons.wikimedia.org/wiki/File%3AImage_${image}.jpg`,
          first: {
            'caption-text': captions[i],
            'caption-type': 'WIKI_TEXT',
            page: `https://en.wikipedia.org/wiki/Article_${image}_${i}`,
          },
          second: {
            'caption-text': captions[j],
            'caption-type': 'WIKI_TEXT',
            page: `https://en.wikipedia.org/wiki/Article_${image}_${j}`,
          },
          similarities: {
            wms: 0.5 + random() / 2,
            'bert-score-f1': random(),
            'sentence-transformer-cos-sim': 0.4 + random() * 0.6,
          },
        };
        const line = `${JSON.stringify(record)}\n`;
        buffer += line;
        bytes += Buffer.byteLength(line);
        written += 1;
        if (buffer.length > 1 << 20) {
          if (!out.write(buffer)) await once(out, 'drain');
          buffer = '';
        }
      }
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return bytes;
}
