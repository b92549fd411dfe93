/**
 * A coders x units matrix re-read as "rating slots": slot s of a unit is its s-th rating, whoever
 * gave it. Fleiss' kappa (Fleiss 1971) needs the same number of ratings per unit, not the same
 * raters, which is how campaigns work (k of many annotators per pair, paralens overlap) and how
 * the SICK re-annotation check (annotator_slot) reads its file; the agreement report needs a
 * complete matrix for it, which the slot matrix is when every unit has k ratings. Krippendorff's
 * alpha and percent agreement do not depend on who rated, so they are the same on either matrix;
 * pairwise coefficients (Cohen) need the coder matrix. Pure.
 */
export function toRatingSlots<T>(ratings: ReadonlyArray<ReadonlyArray<T | null>>): (T | null)[][] {
  const units = ratings[0]?.length ?? 0;
  const columns: T[][] = Array.from({ length: units }, () => []);
  for (const row of ratings) {
    for (let u = 0; u < units; u++) {
      const value = row[u];
      if (value !== null && value !== undefined) columns[u]!.push(value);
    }
  }
  const slots = Math.max(0, ...columns.map((c) => c.length));
  return Array.from({ length: slots }, (_, s) => columns.map((c) => c[s] ?? null));
}
