/** Which corpora to show side by side: a GET form (the choice lives in the URL). */
export function CorpusPicker({ corpora, selected }: { corpora: ReadonlyArray<{ slug: string; name: string }>; selected: readonly string[] }) {
  return (
    <form method="get" className="row small" aria-label="Corpora to compare">
      {corpora.map((c) => (
        <label key={c.slug} style={{ flexDirection: 'row', fontWeight: 400 }}>
          <input type="checkbox" name="corpus" value={c.slug} defaultChecked={selected.includes(c.slug)} /> {c.name}
        </label>
      ))}
      <button type="submit" className="secondary">
        Show
      </button>
    </form>
  );
}
