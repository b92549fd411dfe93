/**
 * The entailment relations of the thesis (sec. 3.2), with the direction of entailment kept:
 * equivalence, forward entailment (the first text entails the second), reverse entailment,
 * intersection, exclusion and negation. Paralens stores relations relative to the pair's stored
 * order (a, b); when the two texts were shown swapped, forward and reverse swap back on the way in
 * and out. Which relations make a paraphrase follows the thesis's table (equivalence always,
 * entailment often, intersection sometimes, exclusion and negation never).
 */
export const RELATIONS = ['equivalence', 'forward', 'reverse', 'intersection', 'exclusion', 'negation'] as const;
export type Relation = (typeof RELATIONS)[number];

export const RELATION_LABELS: Record<Relation, string> = {
  equivalence: 'Equivalence',
  forward: 'Forward entailment (first ⊨ second)',
  reverse: 'Reverse entailment (second ⊨ first)',
  intersection: 'Intersection',
  exclusion: 'Exclusion',
  negation: 'Negation',
};

export function isRelation(value: unknown): value is Relation {
  return typeof value === 'string' && (RELATIONS as readonly string[]).includes(value);
}

/** The relation as seen with the texts in the other order (only the direction of entailment changes). */
export function swapRelation(relation: Relation): Relation {
  return relation === 'forward' ? 'reverse' : relation === 'reverse' ? 'forward' : relation;
}

/** From the order shown to the stored order, or back: the same mapping both ways. */
export function relationInOrder(relation: Relation, swapped: boolean): Relation {
  return swapped ? swapRelation(relation) : relation;
}

/**
 * The thesis merged forward and reverse entailment into one class: the five classes of
 * that reading, and a stored relation in it. Agreement and charts can be read either way.
 */
export const MERGED_RELATIONS = ['equivalence', 'entailment', 'intersection', 'exclusion', 'negation'] as const;
export type MergedRelation = (typeof MERGED_RELATIONS)[number];
export const MERGED_RELATION_LABELS: Record<MergedRelation, string> = {
  equivalence: 'Equivalence',
  entailment: 'Entailment (either direction)',
  intersection: 'Intersection',
  exclusion: 'Exclusion',
  negation: 'Negation',
};

export function mergeRelationDirection(relation: Relation): MergedRelation {
  return relation === 'forward' || relation === 'reverse' ? 'entailment' : relation;
}
