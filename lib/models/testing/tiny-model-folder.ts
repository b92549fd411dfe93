/**
 * Writes a complete model folder of tiny, seeded stand-ins for the paper's models (tests and the
 * CI benchmark): st/ a WordPiece encoder with mean pooling laid out like a sentence-transformers
 * ONNX export, bertscore/ a byte-level BPE encoder laid out like a roberta export, wms/ a
 * 16-dimensional .vec file. Same files, same formats as the real ones, built in well under a second.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tokenizeForWms } from '@/lib/measures/word-movers';
import { createRandom } from '@/lib/stats/random';
import { buildTinyEncoder } from './tiny-encoder';
import { buildByteLevelBpeTokenizer, buildWordPieceTokenizer, type TokenizerFiles } from './tiny-tokenizers';

/** Everyday caption vocabulary; texts passed to writeTinyModelFolder add theirs. */
const BASE_TEXTS = [
  'An Easter postcard from 1907 depicting a rabbit.',
  'A 1907 postcard featuring the Easter Bunny.',
  'Twelfth century illustration of a man digging.',
  'An English serf at work digging, c. 1170.',
  'Troops clearing rubble after the May air raid on Belfast.',
  'Soldiers clearing rubble after the May air raid on Belfast.',
  'The old bridge over the river seen from the north bank of the city.',
  'A map of the railway lines around the town in 1900 with the station and the church.',
  'The band playing on stage during a concert in the park in summer.',
  'A portrait of the king and the queen painted by an unknown artist.',
];

export interface TinyModelFolderOptions {
  /** texts whose words the tokenizers and the vector file should know */
  texts?: readonly string[];
  /** which models to write (default all three) */
  models?: ReadonlyArray<'st' | 'bertscore' | 'wms'>;
  /** word-vector stems longer than this are left out, to exercise unknown words (default 9) */
  maxVectorWordLength?: number;
}

function wordsOf(texts: readonly string[]): string[] {
  return [...new Set(texts.flatMap((t) => t.toLowerCase().match(/[a-z0-9]+/g) ?? []))].sort();
}

function seedOf(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i += 1) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 1)}\n`);
}

async function writeTokenizer(dir: string, files: TokenizerFiles): Promise<void> {
  await writeJson(path.join(dir, 'tokenizer.json'), files.tokenizer);
  await writeJson(path.join(dir, 'tokenizer_config.json'), files.config);
}

function vocabSize(files: TokenizerFiles): number {
  const model = files.tokenizer.model as { vocab: Record<string, number> };
  return Object.keys(model.vocab).length;
}

/** A .vec file (fastText layout) with a seeded vector per stem; the same word always gets the same vector. */
export function tinyVectorFile(texts: readonly string[], dimension = 16, maxWordLength = 9): string {
  const words = [...new Set(texts.flatMap((t) => tokenizeForWms(t)))].filter((w) => w.length <= maxWordLength).sort();
  const lines = words.map((w) => {
    const random = createRandom(seedOf(w));
    return `${w} ${Array.from({ length: dimension }, () => (random.nextFloat() * 2 - 1).toFixed(5)).join(' ')}`;
  });
  return `${words.length} ${dimension}\n${lines.join('\n')}\n`;
}

export async function writeTinyModelFolder(dir: string, options: TinyModelFolderOptions = {}): Promise<void> {
  const texts = [...BASE_TEXTS, ...(options.texts ?? [])];
  const models = options.models ?? ['st', 'bertscore', 'wms'];
  if (models.includes('st')) {
    const st = path.join(dir, 'st');
    const tokenizer = buildWordPieceTokenizer(wordsOf(texts));
    await writeTokenizer(st, tokenizer);
    await mkdir(path.join(st, 'onnx'), { recursive: true });
    await writeFile(
      path.join(st, 'onnx', 'model.onnx'),
      buildTinyEncoder({ vocabSize: vocabSize(tokenizer), hidden: 32, seed: 11, tokenTypes: true }),
    );
    await writeJson(path.join(st, '1_Pooling', 'config.json'), {
      word_embedding_dimension: 32,
      pooling_mode_cls_token: false,
      pooling_mode_mean_tokens: true,
      pooling_mode_max_tokens: false,
      pooling_mode_mean_sqrt_len_tokens: false,
    });
    await writeJson(path.join(st, 'sentence_bert_config.json'), { max_seq_length: 64, do_lower_case: false });
    await writeJson(path.join(st, 'modules.json'), [
      { idx: 0, name: '0', path: '', type: 'sentence_transformers.models.Transformer' },
      { idx: 1, name: '1', path: '1_Pooling', type: 'sentence_transformers.models.Pooling' },
    ]);
  }
  if (models.includes('bertscore')) {
    const bs = path.join(dir, 'bertscore');
    const tokenizer = buildByteLevelBpeTokenizer(texts, 300);
    await writeTokenizer(bs, tokenizer);
    await writeFile(path.join(bs, 'model.onnx'), buildTinyEncoder({ vocabSize: vocabSize(tokenizer), hidden: 24, seed: 17 }));
    // The tiny model's raw F1 is not on roberta-large's scale: no rescaling.
    await writeJson(path.join(bs, 'bertscore.json'), { baseline: null, lowercase: true });
  }
  if (models.includes('wms')) {
    await mkdir(path.join(dir, 'wms'), { recursive: true });
    await writeFile(path.join(dir, 'wms', 'tiny-vectors.vec'), tinyVectorFile(texts, 16, options.maxVectorWordLength ?? 9));
  }
}
