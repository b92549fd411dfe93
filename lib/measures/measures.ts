/**
 * All syntactic measures of one pair, computed the way the EACL 2023 paper computed them
 * (defaults) or with another convention (options). Each text is tokenized once into integer
 * ids; the clipped n-gram match counts feed ROUGE-1 and both BLEU directions (and, computed on
 * the thesis's unstemmed tokens, the word n-gram overlap and Sumo), and one grid pass yields
 * the LCS, the edit distance and the LCP match lengths.
 *
 * Defaults = the paper's scoring code (webis-de/eacl23-paraphrase-acquisition-from-image-captions,
 * score_paraphrases_local.py): rouge-score tokenizer with NLTK Porter stems; ROUGE-1/ROUGE-L
 * F1 with a as target; NLTK sentence BLEU-4 with smoothing method 7, the mean of a-as-reference
 * and b-as-reference, clipped to [0, 1]; syn = mean of the three. See docs/metrics.md.
 */
import { alignSequences } from '@/lib/measures/alignment';
import { computeBleu4FromMatches, type BleuSmoothing } from '@/lib/measures/bleu';
import { normalizeEditDistance } from '@/lib/measures/levenshtein';
import {
  computeLcpOverlapFromHistogram,
  computeWordNgramOverlapFromCounts,
  THESIS_MAX_NGRAM,
} from '@/lib/measures/ngram-overlap';
import { countNgramMatches } from '@/lib/measures/ngram-matches';
import { computeFMeasure, computeRougeLFromLcs } from '@/lib/measures/rouge';
import { computeSyn } from '@/lib/measures/semantic';
import { computeSumoFromCounts } from '@/lib/measures/sumo';
import { createTokenIds, DenseRenumbering, TokenInterner, type TokenIds } from '@/lib/measures/token-ids';
import type { TokenizerName } from '@/lib/measures/tokenize';
import type { TextMeasureKey } from '@/lib/measures/catalog';

export interface MeasureOptions {
  tokenizer: TokenizerName;
  stem: boolean;
  /** ISO 639-1: the `unicode` tokenizer's language (measureOptionsForLanguage) */
  language?: string;
  /** NLTK SmoothingFunction method number, 0 = none. */
  bleuSmoothing: BleuSmoothing;
  /** 'both' = mean of BLEU(ref a, hyp b) and BLEU(ref b, hyp a); 'a-to-b' = ref a, hyp b only. */
  bleuDirection: 'both' | 'a-to-b';
  /** Clip BLEU to [0, 1] (it can exceed 1 with smoothing methods 5 and 7). */
  clip: boolean;
}

export const PAPER_MEASURE_OPTIONS: Readonly<MeasureOptions> = Object.freeze({
  tokenizer: 'rouge',
  stem: true,
  bleuSmoothing: 7,
  bleuDirection: 'both',
  clip: true,
});

/** Every text measure of the catalogue (lib/measures/catalog.ts), plus the token counts. */
export type SyntacticMeasures = { [K in TextMeasureKey]: number | null } & {
  rouge1: number;
  rougeL: number;
  tokenCountA: number;
  tokenCountB: number;
};

const MAX_ORDER = 5; // BLEU-4 plus the 5-gram precision of smoothing method 5

interface Scratch {
  interner: TokenInterner;
  renumbering: DenseRenumbering;
  tokensA: TokenIds;
  tokensB: TokenIds;
  /** Dense ids of the paper's tokens (stems when stemming is on). */
  denseA: Int32Array;
  denseB: Int32Array;
  /** Dense ids of the thesis's tokens (lower-cased, unstemmed). */
  plainA: Int32Array;
  plainB: Int32Array;
  matches: Int32Array;
  plainMatches: Int32Array;
  lcpCounts: Int32Array;
}

const scratchByConfig = new Map<string, Scratch>();

function getScratch(options: Readonly<MeasureOptions>): Scratch {
  const language = options.tokenizer === 'unicode' ? (options.language ?? 'und') : undefined;
  const key = `${options.tokenizer}:${options.stem ? 1 : 0}:${language ?? ''}`;
  let scratch = scratchByConfig.get(key);
  if (scratch === undefined) {
    scratch = {
      interner: new TokenInterner({ tokenizer: options.tokenizer, stem: options.stem, ...(language ? { language } : {}) }),
      renumbering: new DenseRenumbering(),
      tokensA: createTokenIds(),
      tokensB: createTokenIds(),
      denseA: new Int32Array(64),
      denseB: new Int32Array(64),
      plainA: new Int32Array(64),
      plainB: new Int32Array(64),
      matches: new Int32Array(MAX_ORDER + 1),
      plainMatches: new Int32Array(MAX_ORDER + 1),
      lcpCounts: new Int32Array(THESIS_MAX_NGRAM + 1),
    };
    scratchByConfig.set(key, scratch);
  }
  return scratch;
}

function computeBleu(matches: Int32Array, la: number, lb: number, options: Readonly<MeasureOptions>): number | null {
  const aToB = computeBleu4FromMatches(matches, la, lb, options.bleuSmoothing);
  let bleu = aToB;
  if (options.bleuDirection === 'both') {
    const bToA = computeBleu4FromMatches(matches, lb, la, options.bleuSmoothing);
    bleu = aToB === null || bToA === null ? null : (aToB + bToA) / 2;
  }
  if (bleu === null) return null;
  return options.clip ? Math.min(1, Math.max(0, bleu)) : bleu;
}

function sameIds(x: Int32Array, y: Int32Array, length: number): boolean {
  for (let i = 0; i < length; i += 1) if (x[i] !== y[i]) return false;
  return true;
}

function ensureDense(scratch: Scratch, la: number, lb: number): void {
  if (scratch.denseA.length < la) {
    scratch.denseA = new Int32Array(Math.max(la, scratch.denseA.length * 2));
    scratch.plainA = new Int32Array(scratch.denseA.length);
  }
  if (scratch.denseB.length < lb) {
    scratch.denseB = new Int32Array(Math.max(lb, scratch.denseB.length * 2));
    scratch.plainB = new Int32Array(scratch.denseB.length);
  }
}

/** Every syntactic measure of the pair (a = ROUGE target and BLEU reference in 'a-to-b'). */
export function computeMeasures(
  a: string,
  b: string,
  options: Readonly<MeasureOptions> = PAPER_MEASURE_OPTIONS,
): SyntacticMeasures {
  const scratch = getScratch(options);
  const { interner, renumbering, matches } = scratch;
  interner.resetIfLarge();
  const ta = interner.tokenizeInto(a, scratch.tokensA);
  const tb = interner.tokenizeInto(b, scratch.tokensB);
  const la = ta.length;
  const lb = tb.length;
  ensureDense(scratch, la, lb);
  const { denseA, denseB } = scratch;

  renumbering.begin(interner.size);
  renumbering.renumber(ta.ids, la, denseA);
  renumbering.renumber(tb.ids, lb, denseB);
  countNgramMatches(denseA, la, denseB, lb, renumbering.vocabularySize, MAX_ORDER, matches);
  const rouge1 = computeFMeasure(matches[1]! / Math.max(lb, 1), matches[1]! / Math.max(la, 1));
  const bleu = computeBleu(matches, la, lb, options);

  // The thesis measures use lower-cased unstemmed tokens; those equal the paper's tokens
  // only for the rouge tokenizer without stemming.
  let plainMatches = matches;
  let plainA = denseA;
  let plainB = denseB;
  if (options.stem || options.tokenizer !== 'rouge') {
    ({ plainA, plainB, plainMatches } = scratch);
    renumbering.begin(interner.size);
    renumbering.renumber(ta.plain, la, plainA);
    renumbering.renumber(tb.plain, lb, plainB);
    // Dense ids are numbered by first occurrence, so equal arrays mean the same token
    // equalities (no two words of the pair share a stem) and the same match counts.
    if (sameIds(plainA, denseA, la) && sameIds(plainB, denseB, lb)) {
      plainMatches = matches;
    } else {
      countNgramMatches(plainA, la, plainB, lb, renumbering.vocabularySize, THESIS_MAX_NGRAM, plainMatches);
    }
  }
  const { lcs, editDistance } = alignSequences(denseA, denseB, plainA, plainB, la, lb, THESIS_MAX_NGRAM, scratch.lcpCounts);
  const rougeL = computeRougeLFromLcs(lcs, la, lb).fmeasure;

  return {
    rouge1,
    rougeL,
    bleu,
    syn: computeSyn({ rouge1, rougeL, bleu }),
    levenshtein: normalizeEditDistance(editDistance, la, lb),
    ngramOverlap: computeWordNgramOverlapFromCounts(plainMatches, la, lb),
    lcpOverlap: computeLcpOverlapFromHistogram(scratch.lcpCounts, Math.min(la, lb)),
    sumo: computeSumoFromCounts(plainMatches[1]!, la, lb),
    tokenCountA: la,
    tokenCountB: lb,
  };
}

const UNICODE_OPTIONS = new Map<string, Readonly<MeasureOptions>>();

/**
 * The options a corpus in `language` is measured with: the paper's for English (the very same
 * object, so English stays bit-identical), else the `unicode` tokenizer with the language's
 * Snowball stems and the paper's other settings (docs/metrics.md#tokenizers).
 */
export function measureOptionsForLanguage(language: string): Readonly<MeasureOptions> {
  if (language === 'en') return PAPER_MEASURE_OPTIONS;
  let options = UNICODE_OPTIONS.get(language);
  if (!options) {
    options = Object.freeze({ ...PAPER_MEASURE_OPTIONS, tokenizer: 'unicode', language });
    UNICODE_OPTIONS.set(language, options);
  }
  return options;
}

/** Fills in the paper's defaults and rejects invalid values (RangeError). */
export function resolveMeasureOptions(partial: Partial<MeasureOptions> = {}): MeasureOptions {
  const options: MeasureOptions = { ...PAPER_MEASURE_OPTIONS, ...partial };
  if (options.tokenizer !== 'rouge' && options.tokenizer !== 'whitespace' && options.tokenizer !== 'unicode') {
    throw new RangeError(`tokenizer must be "rouge", "whitespace" or "unicode", got ${String(options.tokenizer)}`);
  }
  if (options.tokenizer === 'unicode' && !(typeof options.language === 'string' && /^[a-z]{2}$/.test(options.language))) {
    throw new RangeError(`the unicode tokenizer needs a two-letter language code, got ${String(options.language)}`);
  }
  if (!Number.isInteger(options.bleuSmoothing) || options.bleuSmoothing < 0 || options.bleuSmoothing > 7) {
    throw new RangeError(`bleuSmoothing must be an integer from 0 to 7, got ${String(options.bleuSmoothing)}`);
  }
  if (options.bleuDirection !== 'both' && options.bleuDirection !== 'a-to-b') {
    throw new RangeError(`bleuDirection must be "both" or "a-to-b", got ${String(options.bleuDirection)}`);
  }
  return options;
}
