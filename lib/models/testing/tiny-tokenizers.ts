/**
 * Tokenizer files (tokenizer.json + tokenizer_config.json, the Hugging Face `tokenizers` format)
 * for the tiny test encoders, in the two families the paper's models use:
 * - WordPiece with BERT normalisation and [CLS] … [SEP] (like MPNet / BERT sentence encoders);
 * - byte-level BPE with <s> … </s> (like RoBERTa), its merges learnt here from a small corpus by
 *   the BPE training rule (Sennrich et al. 2016): repeatedly merge the most frequent adjacent pair.
 */

export interface TokenizerFiles {
  tokenizer: Record<string, unknown>;
  config: Record<string, unknown>;
}

function specialToken(id: number, content: string) {
  return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** A tokenizer.json: the special tokens first (ids 0…), then the given pipeline parts. */
function tokenizerJson(specials: readonly string[], parts: Record<string, unknown>): Record<string, unknown> {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: specials.map((t, id) => specialToken(id, t)),
    ...parts,
  };
}

/** WordPiece over the given whole words, plus letters, digits and ##-continuations of both. */
export function buildWordPieceTokenizer(words: readonly string[]): TokenizerFiles {
  const specials = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];
  const pieces = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
  const vocabulary = [...specials, ...pieces, ...pieces.map((p) => `##${p}`), ...'.,;:!?()-\'"'];
  for (const w of words) if (!vocabulary.includes(w)) vocabulary.push(w);
  const vocab = Object.fromEntries(vocabulary.map((token, id) => [token, id]));
  const special = (token: string) => ({ id: token, ids: [vocab[token]], tokens: [token] });
  return {
    tokenizer: tokenizerJson(specials, {
      normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: {
        type: 'TemplateProcessing',
        single: [
          { SpecialToken: { id: '[CLS]', type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: '[SEP]', type_id: 0 } },
        ],
        pair: [
          { SpecialToken: { id: '[CLS]', type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: '[SEP]', type_id: 0 } },
          { Sequence: { id: 'B', type_id: 1 } },
          { SpecialToken: { id: '[SEP]', type_id: 1 } },
        ],
        special_tokens: { '[CLS]': special('[CLS]'), '[SEP]': special('[SEP]') },
      },
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
    }),
    config: {
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 64,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
    },
  };
}

/** GPT-2's byte → printable character table (bytes_to_unicode in openai/gpt-2 encoder.py). */
export function byteLevelAlphabet(): string[] {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b += 1) printable.push(b);
  for (let b = 161; b <= 172; b += 1) printable.push(b);
  for (let b = 174; b <= 255; b += 1) printable.push(b);
  const table = new Array<string>(256);
  let extra = 0;
  for (let b = 0; b < 256; b += 1) table[b] = String.fromCharCode(printable.includes(b) ? b : 256 + extra++);
  return table;
}

/** Byte-level BPE with `mergeCount` merges learnt from `corpus`, RoBERTa's special tokens and template. */
export function buildByteLevelBpeTokenizer(corpus: readonly string[], mergeCount: number): TokenizerFiles {
  const alphabet = byteLevelAlphabet();
  const toSymbols = (word: string) => Array.from(new TextEncoder().encode(word), (b) => alphabet[b]!);
  // Words as GPT-2 pre-tokenisation sees them: a leading space joins the word (Ġ).
  const words = corpus.flatMap((text) =>
    text
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => toSymbols(` ${w}`)),
  );
  const merges: Array<[string, string]> = [];
  for (let m = 0; m < mergeCount; m += 1) {
    const counts = new Map<string, number>();
    for (const w of words)
      for (let i = 0; i + 1 < w.length; i += 1) counts.set(`${w[i]} ${w[i + 1]}`, (counts.get(`${w[i]} ${w[i + 1]}`) ?? 0) + 1);
    let best = '';
    let bestCount = 1;
    for (const [pair, count] of counts)
      if (count > bestCount || (count === bestCount && best !== '' && pair < best)) [best, bestCount] = [pair, count];
    if (!best) break;
    const [left, right] = best.split(' ') as [string, string];
    merges.push([left, right]);
    for (const w of words) {
      for (let i = 0; i + 1 < w.length; i += 1) if (w[i] === left && w[i + 1] === right) w.splice(i, 2, left + right);
    }
  }
  const specials = ['<s>', '<pad>', '</s>', '<unk>'];
  const vocabulary = [...specials, ...alphabet, ...merges.map(([l, r]) => l + r)];
  const vocab = Object.fromEntries([...new Set(vocabulary)].map((token, id) => [token, id]));
  return {
    tokenizer: tokenizerJson(specials, {
      normalizer: null,
      pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
      post_processor: {
        type: 'RobertaProcessing',
        sep: ['</s>', 2],
        cls: ['<s>', 0],
        trim_offsets: true,
        add_prefix_space: false,
      },
      decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
      model: {
        type: 'BPE',
        dropout: null,
        unk_token: null,
        continuing_subword_prefix: '',
        end_of_word_suffix: '',
        fuse_unk: false,
        byte_fallback: false,
        vocab,
        merges: merges.map(([l, r]) => `${l} ${r}`),
      },
    }),
    config: {
      tokenizer_class: 'RobertaTokenizer',
      model_max_length: 64,
      bos_token: '<s>',
      eos_token: '</s>',
      cls_token: '<s>',
      sep_token: '</s>',
      pad_token: '<pad>',
      unk_token: '<unk>',
      add_prefix_space: false,
    },
  };
}
