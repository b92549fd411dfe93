/**
 * The positions of `[[`, `]]`, `{{` and `}}` in a text, left to right and not overlapping: what a
 * global `/\[\[|\]\]|\{\{|\}\}/g` finds, and what the original's one-character-at-a-time scan
 * (seed-code.md §4.2) consumes. One `indexOf` cursor per pair is several times faster than the
 * regular expression, because `indexOf` skips to the next candidate character natively.
 */
const PAIRS = ['[[', ']]', '{{', '}}'] as const;

export class BracketPairs {
  /** the next occurrence at or after `from` of each pair, -1 when there is none */
  private readonly next: number[];
  private from = 0;

  constructor(private readonly text: string) {
    this.next = PAIRS.map((pair) => text.indexOf(pair));
  }

  /** The position of the next pair (its first character tells which), or -1 at the end. */
  advance(): number {
    let at = -1;
    for (const position of this.next) if (position !== -1 && (at === -1 || position < at)) at = position;
    if (at === -1) return -1;
    this.from = at + 2;
    for (let i = 0; i < PAIRS.length; i++) {
      const position = this.next[i]!;
      if (position !== -1 && position < this.from) this.next[i] = this.text.indexOf(PAIRS[i]!, this.from);
    }
    return at;
  }
}
