export function CorpusAttribution({
  source,
  licence,
  attribution,
}: {
  source: string | null;
  licence: string | null;
  attribution: string | null;
}) {
  if (!source && !licence && !attribution) return null;
  return (
    <section className="card small" aria-label="Source and licence">
      {attribution && <p style={{ marginTop: 0 }}>{attribution}</p>}
      <div className="row muted">
        {source && <span>Source: {source}</span>}
        {licence && <span>Licence: {licence}</span>}
      </div>
    </section>
  );
}
