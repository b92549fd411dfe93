/**
 * HOOK: the guidelines a campaign gets when its definition brings none. The researcher
 * UI (branch annot-researcher) provides the full text prefilled from the papers in
 * lib/annotation/default-guidelines.ts; when that is merged, lib/db/campaign-create.ts should call
 * it instead of this short built-in default (one import to change). Pure.
 *
 * Sources: the Likert anchors of the EACL 2023 study (LIKERT_ANCHORS), MultiPIT's loose and strict
 * definitions, the thesis's entailment relations (sec. 3.2).
 */
import { RELATION_LABELS, RELATIONS } from './relations';
import { LIKERT_ANCHORS, type Question } from './questions';

const sections: Record<string, () => string> = {
  semantic: () => `## Semantic similarity (0-4)\nHow much of the meaning the two texts share.\n\n${LIKERT_ANCHORS.semantic.map((o) => `- **${o.value}**: ${o.label}`).join('\n')}`,
  syntactic: () => `## Syntactic similarity (0-4)\nHow much of the wording and structure the two texts share.\n\n${LIKERT_ANCHORS.syntactic.map((o) => `- **${o.value}**: ${o.label}`).join('\n')}`,
  paraphraseLoose: () => '## Paraphrase, loose definition\nYes if both texts convey the same core information; one of them may add relevant new information (useful for tracking information).',
  paraphraseStrict: () => '## Paraphrase, strict definition\nYes only if the texts say the same; one may add no more than commonsense or world knowledge. New facts that would need checking make it *no*.',
  relation: () =>
    `## Entailment relation\nRelative to the order shown: *forward* means the first text entails the second.\n\n${RELATIONS.map((r) => `- **${RELATION_LABELS[r]}**`).join('\n')}`,
  rationale: () => '## Rationale\nA short reason for your answers, especially when a case is borderline.',
};

export function fallbackGuidelines(questions: readonly Question[]): string {
  const parts = ['# Guidelines', 'Read both texts in full. Judge only what the texts say; they are shown as plain text.'];
  for (const q of questions) {
    const section = sections[q.key];
    parts.push(section ? section() : `## ${q.label}\n${(q.options ?? []).map((o) => `- **${o.value}**: ${o.label}`).join('\n')}`);
  }
  return parts.join('\n\n');
}
