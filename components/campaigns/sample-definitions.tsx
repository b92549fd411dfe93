import { describeMeasureTokenizer } from '@/lib/measures/language-tokenize';
import { measureName } from '@/lib/sampling/describe-sample';
import { describeSem, type DefinitionChange, type SampleDefinitions } from '@/lib/sampling/definitions';
import { RedrawButton } from './redraw-button';

const WHAT: Record<DefinitionChange['what'], string> = { sem: 'sem', tokenizer: 'the tokenizer', corpus: 'the corpus' };

/**
 * What the sample was drawn on (lib/sampling/definitions.ts): per corpus its tokenizer and, when sem
 * entered the draw, the measures that formed sem; whether today's values differ; and drawing it again
 * as it was drawn, or why that cannot be done.
 */
export function SampleDefinitionsView({
  slug,
  definitions,
  changes,
  blocker,
  redrawnFrom,
}: {
  slug: string;
  definitions: SampleDefinitions | null;
  changes: readonly DefinitionChange[];
  blocker: string | null;
  redrawnFrom: { slug: string; name: string } | null;
}) {
  if (!definitions) {
    return (
      <p className="small muted">
        This sample was drawn before Paralens recorded the definitions of the measures it used (sem&apos;s components, the
        tokenizer), so whether today&apos;s values are those it was drawn on cannot be told, and it cannot be drawn again as it
        was.
      </p>
    );
  }
  const corpora = Object.entries(definitions.corpora);
  return (
    <div className="stack">
      {redrawnFrom && (
        <p className="small">
          Drawn with the definitions recorded by{' '}
          <a href={`/campaigns/${encodeURIComponent(redrawnFrom.slug)}`}>{redrawnFrom.name}</a>, from its request and seed: sem
          recomputed from the measures that formed it then.
        </p>
      )}
      {changes.length > 0 && (
        <div role="status" className="alert warning" data-testid="definitions-changed">
          Today&apos;s values differ from those the sample was drawn on, so the same request with this seed would draw other pairs
          now:
          <ul style={{ margin: '0.25rem 0 0' }}>
            {changes.map((c) => (
              <li key={`${c.corpus}-${c.what}`}>
                {WHAT[c.what]} of {c.corpus}: {c.what === 'corpus' ? 'no longer exists' : `drawn on ${c.then}; today ${c.now}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="small muted">
        {definitions.measures.length > 0
          ? `The draw read ${definitions.measures.map(measureName).join(', ')}; their values depend on the definitions below.`
          : 'The draw read no measure (only the filters on the texts and corpora).'}
      </p>
      <table className="data small" aria-label="Definitions the sample was drawn on">
        <thead>
          <tr>
            <th scope="col">definition</th>
            <th scope="col">when drawn</th>
          </tr>
        </thead>
        <tbody>
          {corpora.flatMap(([corpus, d]) => [
            <tr key={`${corpus}-tokenizer`}>
              <th scope="row">tokenizer · {corpus}</th>
              <td>
                {d.tokenizer ?? 'none yet'}
                {d.tokenizer && <span className="muted"> ({describeMeasureTokenizer(d.tokenizer)})</span>}
              </td>
            </tr>,
            ...(definitions.usesSem
              ? [
                  <tr key={`${corpus}-sem`}>
                    <th scope="row">sem · {corpus}</th>
                    <td>
                      {describeSem(d.semItems)}{' '}
                      <span className="muted">for the pairs drawn; candidates: {describeSem(d.semCandidates)}</span>
                    </td>
                  </tr>,
                ]
              : []),
          ])}
        </tbody>
      </table>
      {blocker ? (
        <p className="small muted">It cannot be drawn again as it was drawn: {blocker}</p>
      ) : (
        <RedrawButton slug={slug} />
      )}
    </div>
  );
}
