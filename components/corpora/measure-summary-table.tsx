import type { CorpusStats } from '@/lib/db/corpora/corpus-stats';
import { isEnglishOnlyMeasure, measureCatalog } from '@/lib/measures/catalog';
import { formatCount, formatMeasure } from './measure-format';

/** `language`: the language the corpus's measures are for; English-only measures say so elsewhere. */
/** Why an English-only measure is empty for a corpus in another language (followed by its code). */
export const ENGLISH_ONLY_NOTE = 'Built on English resources (WordNet, the English GloVe vectors): not computed for a corpus in';

export function MeasureSummaryTable({ stats, language = 'en' }: { stats: CorpusStats; language?: string }) {
  return (
    <>
      <p className="muted small">
        {formatCount.format(stats.pairs)} pairs · mean length {formatMeasure(stats.meanLength, 1)} words (sd{' '}
        {formatMeasure(stats.sdLength, 1)})
      </p>
      <table className="data" aria-label="Measure summary">
        <thead>
          <tr>
            <th>Measure</th>
            <th className="num">n</th>
            <th className="num">mean</th>
            <th className="num">sd</th>
            <th className="num">min</th>
            <th className="num">max</th>
          </tr>
        </thead>
        <tbody>
          {stats.measures.map((m) => (
            <tr key={m.key}>
              <td title={measureCatalog[m.key].description}>
                {measureCatalog[m.key].label}
                {language !== 'en' && isEnglishOnlyMeasure(m.key) && (
                  <span className="small muted" title={`${ENGLISH_ONLY_NOTE} ${language}.`}>
                    {' '}
                    (English only)
                  </span>
                )}
              </td>
              <td className="num">{formatCount.format(m.n)}</td>
              <td className="num">{formatMeasure(m.mean)}</td>
              <td className="num">{formatMeasure(m.sd)}</td>
              <td className="num">{formatMeasure(m.min)}</td>
              <td className="num">{formatMeasure(m.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
