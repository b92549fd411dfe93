/**
 * Integer ids for tokens, so the per-pair measures compare numbers instead of strings.
 *
 * A `TokenInterner` tokenizes a text straight into ids: it scans the characters (the rules of
 * tokenize.ts), looks each raw token up in its own hash table without first cutting it out as
 * a string, and emits two ids per token:
 * - `ids`: the token the paper's measures use (the NLTK stem when stemming is on);
 * - `plain`: the raw token lower-cased and never stemmed, which the thesis measures use (its
 *   Java code neither stemmed nor kept case).
 * Both live in one id space (strings are interned once). Memory is bounded: `resetIfLarge`
 * drops everything between pairs once the tables are big, so ids are only comparable within
 * one pair.
 */
import { scanUnicodeTokens, stemUnicodeToken } from '@/lib/measures/language-tokenize';
import {
  codesToString,
  endsRougeToken,
  isPythonWhitespace,
  rougeCharCode,
  stemToken,
  type TokenizeOptions,
} from '@/lib/measures/tokenize';

const INTERNER_LIMIT = 200_000;
const INITIAL_SLOTS = 1 << 14;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Per UTF-16 code unit: the code the token gets, or -1 for a separator. For the rouge
 * tokenizer "İ" maps to a marker meaning "add i, then end the token" (its lower case is "i"
 * followed by a combining dot, which is a separator).
 */
const ENDS_TOKEN_AFTER = 0x10000;
const ROUGE_CODES = new Int32Array(0x10000);
const WHITESPACE_CODES = new Int32Array(0x10000);
for (let c = 0; c < 0x10000; c += 1) {
  ROUGE_CODES[c] = endsRougeToken(c) ? ENDS_TOKEN_AFTER : rougeCharCode(c);
  WHITESPACE_CODES[c] = isPythonWhitespace(c) ? -1 : c;
}

export interface TokenIds {
  ids: Int32Array;
  plain: Int32Array;
  length: number;
}

export function createTokenIds(capacity = 64): TokenIds {
  return { ids: new Int32Array(capacity), plain: new Int32Array(capacity), length: 0 };
}

export class TokenInterner {
  private readonly stringToId = new Map<string, number>();
  // Open-addressing table over raw tokens; keys are compared in place against the code buffer.
  private rawKeys: (string | undefined)[] = new Array<string | undefined>(INITIAL_SLOTS);
  private rawHashes = new Int32Array(INITIAL_SLOTS);
  private rawIds = new Int32Array(INITIAL_SLOTS);
  private rawPlain = new Int32Array(INITIAL_SLOTS);
  private rawCount = 0;
  /** the `unicode` tokenizer's raw tokens → their ids */
  private readonly unicodeRaw = new Map<string, { id: number; plain: number }>();
  private codes: Int32Array = new Int32Array(256);
  private plainId = -1; // second result of lookup()

  constructor(private readonly options: TokenizeOptions) {}

  /** Number of distinct interned strings; every id is below this. */
  get size(): number {
    return this.stringToId.size;
  }

  resetIfLarge(): void {
    if (this.rawCount + this.unicodeRaw.size + this.stringToId.size < INTERNER_LIMIT) return;
    this.stringToId.clear();
    this.unicodeRaw.clear();
    this.rawKeys = new Array<string | undefined>(INITIAL_SLOTS);
    this.rawHashes = new Int32Array(INITIAL_SLOTS);
    this.rawIds = new Int32Array(INITIAL_SLOTS);
    this.rawPlain = new Int32Array(INITIAL_SLOTS);
    this.rawCount = 0;
  }

  /** Tokenizes `text` into `out` (grown as needed) and returns it. */
  tokenizeInto(text: string, out: TokenIds): TokenIds {
    out.length = 0;
    if (this.options.tokenizer === 'unicode') return this.tokenizeUnicodeInto(text, out);
    const table = this.options.tokenizer === 'rouge' ? ROUGE_CODES : WHITESPACE_CODES;
    let codes: Int32Array = this.codes;
    let n = 0;
    let hash = FNV_OFFSET;
    for (let i = 0; i < text.length; i += 1) {
      const mapped = table[text.charCodeAt(i)]!;
      if (mapped >= 0) {
        const code = mapped === ENDS_TOKEN_AFTER ? 105 : mapped;
        if (n === codes.length) codes = this.growCodes();
        codes[n] = code;
        n += 1;
        hash = Math.imul(hash ^ code, FNV_PRIME);
        if (mapped !== ENDS_TOKEN_AFTER) continue;
      }
      if (n > 0) {
        this.append(out, this.lookup(n, hash));
        n = 0;
        hash = FNV_OFFSET;
      }
    }
    if (n > 0) this.append(out, this.lookup(n, hash));
    return out;
  }

  /** The `unicode` tokenizer: tokens come as strings (language-tokenize.ts), looked up by string. */
  private tokenizeUnicodeInto(text: string, out: TokenIds): TokenIds {
    const language = this.options.language ?? 'und';
    scanUnicodeTokens(text, language, (raw) => {
      let entry = this.unicodeRaw.get(raw);
      if (entry === undefined) {
        const plain = this.intern(raw);
        entry = { id: this.options.stem ? this.intern(stemUnicodeToken(raw, language)) : plain, plain };
        this.unicodeRaw.set(raw, entry);
      }
      this.plainId = entry.plain;
      this.append(out, entry.id);
    });
    return out;
  }

  private growCodes(): Int32Array {
    const grown = new Int32Array(this.codes.length * 2);
    grown.set(this.codes);
    this.codes = grown;
    return grown;
  }

  private append(out: TokenIds, id: number): void {
    if (id < 0) return;
    if (out.length === out.ids.length) {
      const ids = new Int32Array(Math.max(64, out.ids.length * 2));
      const plain = new Int32Array(ids.length);
      ids.set(out.ids);
      plain.set(out.plain);
      out.ids = ids;
      out.plain = plain;
    }
    out.ids[out.length] = id;
    out.plain[out.length] = this.plainId;
    out.length += 1;
  }

  /**
   * Id of the raw token spelled by `codes[0..n)` (FNV-1a hash `hash`), or -1 when it is
   * dropped; its plain id is left in `this.plainId`.
   */
  private lookup(n: number, hash: number): number {
    const mask = this.rawHashes.length - 1;
    let slot = hash & mask;
    for (;;) {
      const key = this.rawKeys[slot];
      if (key === undefined) break;
      if (this.rawHashes[slot] === hash && this.matchesCodes(key, n)) {
        this.plainId = this.rawPlain[slot]!;
        return this.rawIds[slot]!;
      }
      slot = (slot + 1) & mask;
    }
    const raw = codesToString(Array.from(this.codes.subarray(0, n)));
    const final = this.options.stem ? stemToken(raw) : raw;
    // rouge-score drops tokens that are not [a-z0-9]+ after stemming; only '' could occur.
    const id = final.length === 0 ? -1 : this.intern(final);
    this.plainId = this.intern(raw.toLowerCase());
    this.rawKeys[slot] = raw;
    this.rawHashes[slot] = hash;
    this.rawIds[slot] = id;
    this.rawPlain[slot] = this.plainId;
    this.rawCount += 1;
    if (this.rawCount * 2 > this.rawHashes.length) this.growRawTable();
    return id;
  }

  private matchesCodes(key: string, n: number): boolean {
    if (key.length !== n) return false;
    for (let i = 0; i < n; i += 1) if (key.charCodeAt(i) !== this.codes[i]) return false;
    return true;
  }

  private growRawTable(): void {
    const { rawKeys: keys, rawHashes: hashes, rawIds: ids, rawPlain: plain } = this;
    const capacity = hashes.length * 2;
    this.rawKeys = new Array<string | undefined>(capacity);
    this.rawHashes = new Int32Array(capacity);
    this.rawIds = new Int32Array(capacity);
    this.rawPlain = new Int32Array(capacity);
    for (let i = 0; i < keys.length; i += 1) {
      if (keys[i] === undefined) continue;
      let slot = hashes[i]! & (capacity - 1);
      while (this.rawKeys[slot] !== undefined) slot = (slot + 1) & (capacity - 1);
      this.rawKeys[slot] = keys[i];
      this.rawHashes[slot] = hashes[i]!;
      this.rawIds[slot] = ids[i]!;
      this.rawPlain[slot] = plain[i]!;
    }
  }

  private intern(value: string): number {
    let id = this.stringToId.get(value);
    if (id === undefined) {
      id = this.stringToId.size;
      this.stringToId.set(value, id);
    }
    return id;
  }
}

/**
 * Renumbers the global ids of a pair densely (0..vocabulary-1) using generation stamps, so
 * per-pair tables can be plain arrays indexed by id.
 */
export class DenseRenumbering {
  private stamps = new Int32Array(1024);
  private local = new Int32Array(1024);
  private generation = 0;
  private nextLocal = 0;

  begin(globalSize: number): void {
    if (globalSize > this.stamps.length) {
      const capacity = Math.max(globalSize, this.stamps.length * 2);
      this.stamps = new Int32Array(capacity);
      this.local = new Int32Array(capacity);
      this.generation = 0;
    }
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    this.nextLocal = 0;
  }

  /** Writes the dense ids of `source[0..length)` into `target`. */
  renumber(source: Int32Array, length: number, target: Int32Array): void {
    for (let i = 0; i < length; i += 1) {
      const id = source[i]!;
      if (this.stamps[id] !== this.generation) {
        this.stamps[id] = this.generation;
        this.local[id] = this.nextLocal;
        this.nextLocal += 1;
      }
      target[i] = this.local[id]!;
    }
  }

  get vocabularySize(): number {
    return this.nextLocal;
  }
}

/** Dense ids for two token arrays (for the string-based entry points, not the hot path). */
export function encodeTokenPair(
  a: readonly string[],
  b: readonly string[],
): { a: Int32Array; b: Int32Array; vocabulary: number } {
  const ids = new Map<string, number>();
  const encode = (tokens: readonly string[]): Int32Array =>
    Int32Array.from(tokens, (token) => {
      let id = ids.get(token);
      if (id === undefined) {
        id = ids.size;
        ids.set(token, id);
      }
      return id;
    });
  const encodedA = encode(a);
  const encodedB = encode(b);
  return { a: encodedA, b: encodedB, vocabulary: ids.size };
}
