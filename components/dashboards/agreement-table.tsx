import { describeFleissUnits, type QuestionAgreement as Agreement } from '@/lib/dashboards/question-agreement';
import { alphaHint, landisKochBand } from '@/lib/dashboards/agreement-aids';

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(3));

/** A coefficient, or "undefined" with the reason on hover and for screen readers. */
export function Coefficient({
  value,
  reason,
  hint,
}: {
  value: number | null | undefined;
  reason?: string;
  hint?: string | null;
}) {
  const text = fmt(value);
  if (text === null) {
    return (
      <span className="muted" title={reason}>
        undefined{reason && <span className="small"> ({reason})</span>}
      </span>
    );
  }
  return (
    <>
      {text}
      {hint && <span className="small muted"> · {hint}</span>}
    </>
  );
}

export interface AgreementRow {
  key: string;
  label: string;
  agreement: Agreement;
}

/**
 * What Fleiss' kappa left out, said once under the table: one sentence when every question used the
 * same pairs, else one per question.
 */
function FleissNote({ rows }: { rows: readonly AgreementRow[] }) {
  const notes = rows.flatMap((r) => {
    const text = describeFleissUnits(r.agreement.fleissUnits);
    return text ? [{ name: r.label, text }] : [];
  });
  if (notes.length === 0) return null;
  const same = notes.every((n) => n.text === notes[0]!.text);
  return (
    <p className="small muted" data-testid="fleiss-units">
      {same ? notes[0]!.text : notes.map((n) => `${n.name}: ${n.text}`).join(' ')}
    </p>
  );
}

/** One row per question: the coefficients that apply, with reading aids. */
export function AgreementTable({ rows, label = 'Agreement by question' }: { rows: readonly AgreementRow[]; label?: string }) {
  return (
    <>
      <table className="data" aria-label={label}>
        <thead>
          <tr>
            <th>Question</th>
            <th>Krippendorff&apos;s α</th>
            <th>α (interval level)</th>
            <th>Fleiss&apos; κ</th>
            <th>mean Cohen&apos;s κ</th>
            <th>Gwet&apos;s AC1</th>
            <th className="num">% agreement</th>
            <th className="num">pairs</th>
            <th className="num">values</th>
            <th className="num">raters</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label: name, agreement: a }) => (
            <tr key={key} data-question={key}>
              <td>
                {name} <span className="small muted">({a.level})</span>
              </td>
              <td data-coefficient="alpha">
                <Coefficient
                  value={a.krippendorffAlpha}
                  reason={a.reasons.krippendorffAlpha}
                  hint={alphaHint(a.krippendorffAlpha)}
                />
              </td>
              <td>
                {a.krippendorffAlphaInterval === undefined ? (
                  '–'
                ) : (
                  <Coefficient value={a.krippendorffAlphaInterval} reason={a.reasons.krippendorffAlphaInterval} />
                )}
              </td>
              <td data-coefficient="fleiss">
                <Coefficient value={a.fleissKappa} reason={a.reasons.fleissKappa} hint={landisKochBand(a.fleissKappa)} />
                {a.fleissUnits && a.fleissUnits.leftOut > 0 && a.fleissKappa !== null && (
                  <div className="small muted">on {a.fleissUnits.used.toLocaleString('en')} pairs</div>
                )}
              </td>
              <td data-coefficient="cohen">
                <Coefficient value={a.meanCohenKappa} reason={a.reasons.meanCohenKappa} hint={landisKochBand(a.meanCohenKappa)} />
                {a.cohenPairs && <div className="small muted">{describeKappaPairs(a.cohenPairs)}</div>}
              </td>
              <td>{a.gwetAC1 === undefined ? '–' : <Coefficient value={a.gwetAC1} reason={a.reasons.gwetAC1} />}</td>
              <td className="num">{a.percentAgreement === null ? 'undefined' : `${(a.percentAgreement * 100).toFixed(1)} %`}</td>
              <td className="num">{a.units}</td>
              <td className="num">{a.pairableValues}</td>
              <td className="num">{a.raters}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FleissNote rows={rows} />
    </>
  );
}

/** "3 annotator pairs; 2 left out (fewer than 10 shared pairs)". */
export function describeKappaPairs(use: {
  used: number;
  tooFewShared: number;
  undefinedKappa: number;
  minShared: number;
}): string {
  const left = [
    use.tooFewShared > 0 ? `${use.tooFewShared} with fewer than ${use.minShared} shared pairs` : '',
    use.undefinedKappa > 0 ? `${use.undefinedKappa} with an undefined κ` : '',
  ].filter(Boolean);
  return `${use.used} annotator pair${use.used === 1 ? '' : 's'}${left.length > 0 ? `; left out: ${left.join(', ')}` : ''}`;
}

/**
 * The minimum number of shared rated pairs for an annotator pair to enter the mean κ (a GET form:
 * the choice lives in the URL).
 */
export function MinSharedForm({ minShared, hidden }: { minShared: number; hidden: Record<string, string | number> }) {
  return (
    <form method="get" className="row small" aria-label="Mean Cohen's kappa">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
      <label style={{ flexDirection: 'row', alignItems: 'center', gap: '0.5rem', fontWeight: 400 }}>
        Mean Cohen&apos;s κ over annotator pairs sharing at least
        <input type="number" name="minShared" min={1} max={1000000} defaultValue={minShared} style={{ width: '5rem' }} />
        rated pairs
      </label>
      <button type="submit" className="secondary">
        Apply
      </button>
    </form>
  );
}
