/**
 * Soft consistency hints for a pair's answers: combinations that contradict the definitions the
 * questions come from (thesis sec. 3.2: equivalence is always a paraphrase, exclusion and negation
 * never; MultiPIT: a strict paraphrase is also a loose one). They warn and never block: the
 * annotator may have a reason, and the rationale is the place to give it.
 */
import type { Answers } from './questions';

export interface ConsistencyHint {
  message: string;
  questions: string[];
}

export function findConsistencyHints(answers: Readonly<Answers>): ConsistencyHint[] {
  const hints: ConsistencyHint[] = [];
  const { relation, paraphraseLoose: loose, paraphraseStrict: strict, semantic } = answers;
  const hint = (message: string, ...questions: string[]) => hints.push({ message, questions });
  if (strict === true && loose === false)
    hint('A strict paraphrase is also a paraphrase under the loose definition.', 'paraphraseStrict', 'paraphraseLoose');
  if (relation === 'equivalence' && strict === false)
    hint('Equivalent texts are usually a strict paraphrase.', 'relation', 'paraphraseStrict');
  if (relation === 'equivalence' && loose === false)
    hint('Equivalent texts are always a paraphrase.', 'relation', 'paraphraseLoose');
  if ((relation === 'exclusion' || relation === 'negation') && (loose === true || strict === true)) {
    hint(`Texts in ${relation} are never a paraphrase.`, 'relation', loose === true ? 'paraphraseLoose' : 'paraphraseStrict');
  }
  if ((relation === 'exclusion' || relation === 'negation') && typeof semantic === 'number' && semantic >= 3)
    hint(`High semantic similarity with ${relation} is unusual.`, 'relation', 'semantic');
  if (relation === 'equivalence' && typeof semantic === 'number' && semantic <= 1)
    hint('Equivalence with low semantic similarity is unusual.', 'relation', 'semantic');
  return hints;
}
