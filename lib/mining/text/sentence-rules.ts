/**
 * The caption filters of paper sec. 3 over Penn Treebank tags: the sentence classifier of Table 4
 * (gold) and the verb rule (silver).
 *
 * paper: the original's SentenceHeuristic as coded (seed-code.md §4.7): the tags are joined with
 * spaces, parenthesised spans (`-LRB- … -RRB-`) are deleted, and the first rule whose trigger is a
 * substring of that string decides, in the order MD, WRB, WP, WDT, IN, otherwise; `MD( RB)? VB`
 * also accepts VBD/VBN/… after the modal, because it is a substring test.
 * fixed: Table 4 as published, on whole tags: rule 1 needs `MD RB? VB` with a base-form VB, rule 2
 * needs a finite verb before the first of WDT, WP, WP$ or WRB together, rule 3 before the first IN,
 * rule 4 any finite verb.
 */
const FINITE = new Set(['VBP', 'VBZ', 'VBD']);
const WH = new Set(['WDT', 'WP', 'WP$', 'WRB']);

const PAPER_RULES: ReadonlyArray<readonly [string | null, RegExp]> = [
  ['MD', /MD( RB)? VB/],
  ['WRB', /^(?:(?!WRB).)*?(VBP|VBZ|VBD)/],
  ['WP', /^(?:(?!WP).)*?(VBP|VBZ|VBD)/],
  ['WDT', /^(?:(?!WDT).)*?(VBP|VBZ|VBD)/],
  ['IN', /^(?:(?!IN).)*?(VBP|VBZ|VBD)/],
  [null, /VBP|VBZ|VBD/],
];

function isSentencePaper(tags: readonly string[]): boolean {
  const sequence = tags.join(' ').replace(/-LRB-.+?-RRB-/g, '');
  for (const [trigger, pattern] of PAPER_RULES) {
    if (trigger === null || sequence.includes(trigger)) return pattern.test(sequence);
  }
  return false;
}

/** Tags outside parenthesised spans (each `-LRB-` up to the next `-RRB-`). */
function withoutParentheses(tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < tags.length; i++) {
    if (tags[i] === '-LRB-') {
      const close = tags.indexOf('-RRB-', i + 1);
      if (close !== -1) {
        i = close;
        continue;
      }
    }
    kept.push(tags[i]!);
  }
  return kept;
}

function finiteVerbBefore(tags: readonly string[], end: number): boolean {
  for (let i = 0; i < end; i++) if (FINITE.has(tags[i]!)) return true;
  return false;
}

function isSentenceFixed(input: readonly string[]): boolean {
  const tags = withoutParentheses(input);
  if (tags.includes('MD')) {
    return tags.some((t, i) => t === 'MD' && (tags[i + 1] === 'VB' || (tags[i + 1] === 'RB' && tags[i + 2] === 'VB')));
  }
  const wh = tags.findIndex((t) => WH.has(t));
  if (wh !== -1) return finiteVerbBefore(tags, wh);
  const preposition = tags.indexOf('IN');
  if (preposition !== -1) return finiteVerbBefore(tags, preposition);
  return finiteVerbBefore(tags, tags.length);
}

/** Table 4: is one tagged sentence a sentence (and not a fragment)? */
export function isSentenceByRules(tags: readonly string[], fixed: boolean): boolean {
  return fixed ? isSentenceFixed(tags) : isSentencePaper(tags);
}

/** Any verb tag (VB, VBD, VBG, VBN, VBP, VBZ): the silver rule's test. */
export function hasVerb(tags: readonly string[]): boolean {
  return tags.some((t) => t.startsWith('VB'));
}
