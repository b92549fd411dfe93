import { Checkbox } from '@/components/ui/choice';

/** Which corpora to show side by side: a GET form (the choice lives in the URL). */
export function ComparedCorporaPicker({
  corpora,
  selected,
}: {
  corpora: ReadonlyArray<{ slug: string; name: string }>;
  selected: readonly string[];
}) {
  return (
    <form method="get" className="row small" aria-label="Corpora to compare">
      {corpora.map((c) => (
        <Checkbox key={c.slug} name="corpus" value={c.slug} defaultChecked={selected.includes(c.slug)} label={c.name} />
      ))}
      <button type="submit" className="secondary">
        Show
      </button>
    </form>
  );
}
