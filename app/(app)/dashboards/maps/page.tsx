import type { Metadata } from 'next';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getCorpusMapWithUserAxes, listCorpusMeasureMaps } from '@/lib/db/dashboards/characteristic-maps';
import { pickerChoices } from '@/lib/tidy/tidy-rules';
import { listUserMeasureAxes } from '@/lib/db/corpora/user-measures';
import { UserAxisPicker } from '@/components/dashboards/user-axis-picker';
import { listSemanticAxes } from '@/lib/db/corpora/semantic-set';
import { maxShare, measureBinLabel, MAP_BINS } from '@/lib/dashboards/characteristic-map';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardTabs, topTabs } from '@/components/dashboards/dashboard-tabs';
import { CharacteristicMapGrid, MapLegend } from '@/components/dashboards/characteristic-map-grid';
import { MapDownloads } from '@/components/dashboards/map-downloads';
import { CorpusPicker } from '@/components/dashboards/corpus-picker';
import styles from '@/components/dashboards/dashboards.module.css';

export const metadata: Metadata = { title: 'Characteristic maps' };

const searchSchema = z.object({ corpus: z.union([z.string(), z.array(z.string())]).optional() });
const axes = { ticks: Array.from({ length: MAP_BINS }, (_, i) => measureBinLabel(i)), syn: 'syn', sem: 'sem' };

export default async function MapsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('dashboards');
  const parsed = searchSchema.safeParse(await searchParams);
  const wanted = parsed.success ? [parsed.data.corpus ?? []].flat() : [];
  const all = await listCorpusMeasureMaps(database());
  const semAxes = await listSemanticAxes(database());
  // Archived corpora are left out of the picker and the default view, and shown when the URL names them.
  const listed = wanted.length > 0 ? all.filter((c) => wanted.includes(c.slug)) : all.filter((c) => c.archivedAt === null);
  // A measure of the corpus's own marked as an axis may replace syn or sem (counted, not the stored summary).
  const params = await searchParams;
  const axesOf = await listUserMeasureAxes(
    database(),
    listed.map((c) => c.id),
  );
  const shown = await Promise.all(
    listed.map(async (c) => {
      const options = axesOf.get(c.id)!;
      const pick = (axis: 'syn' | 'sem') => {
        const v = params[`${axis}.${c.slug}`];
        const name = typeof v === 'string' && v.startsWith('u.') ? v.slice(2) : null;
        return name !== null && options[axis].includes(name) ? name : null;
      };
      const chosen = { syn: pick('syn'), sem: pick('sem') };
      const custom = chosen.syn !== null || chosen.sem !== null;
      const mapAxes = {
        ...axes,
        syn: chosen.syn ? `${chosen.syn} (yours)` : 'syn',
        sem: chosen.sem ? `${chosen.sem} (yours)` : 'sem',
      };
      return {
        ...c,
        options,
        chosen,
        custom,
        mapAxes,
        map: custom ? await getCorpusMapWithUserAxes(database(), c.id, chosen) : c.map,
      };
    }),
  );
  const scaleMax = maxShare(shown.map((c) => c.map));
  const forCsv = shown.map((c) => ({ name: c.name, map: c.map }));
  return (
    <>
      <PageHeader
        title="Characteristic maps"
        description="syn × sem in five equal-width bins on [0, 1] (1.0 in the top bin), as in Fig. 2 of the EACL 2023 paper; all maps on one colour scale. Click a cell for its pairs."
      />
      <DashboardTabs current="/dashboards/maps" links={topTabs} />
      {all.length === 0 ? (
        <EmptyState title="No corpora yet">
          <p>Import a corpus to see its map.</p>
        </EmptyState>
      ) : (
        <>
          <CorpusPicker
            corpora={pickerChoices(all, wanted).map((c) => ({ slug: c.slug, name: c.name }))}
            selected={shown.map((c) => c.slug)}
          />
          <MapLegend scaleMax={scaleMax} />
          <div className={styles.maps}>
            {shown.map((c) => (
              <section key={c.slug} className="card" aria-label={`Map of ${c.name}`}>
                <CharacteristicMapGrid
                  title={c.custom ? `${c.name}: ${c.chosen.syn ?? 'syn'} × ${c.chosen.sem ?? 'sem'}` : c.name}
                  map={c.map}
                  scaleMax={scaleMax}
                  axes={c.mapAxes}
                  cellHref={
                    c.custom ? undefined : (x, y) => `/dashboards/maps/cell?corpus=${encodeURIComponent(c.slug)}&cell=${x},${y}`
                  }
                />
                {(c.options.syn.length > 0 || c.options.sem.length > 0) && (
                  <UserAxisPicker slug={c.slug} corpora={listed.map((l) => l.slug)} options={c.options} chosen={c.chosen} />
                )}
                <p className="small muted" data-testid="sem-formula">
                  {c.chosen.sem
                    ? `sem axis: ${c.chosen.sem}, a measure of your own (its values binned on [0, 1] like sem; cells open no list)`
                    : (semAxes.get(c.slug)?.formula ?? 'sem: no semantic measure yet')}
                </p>
                <MapDownloads
                  fileBase={`map-${c.slug}`}
                  title={`${c.name}: ${c.mapAxes.syn} × ${c.mapAxes.sem}`}
                  map={c.map}
                  scaleMax={scaleMax}
                  axes={c.mapAxes}
                  all={forCsv}
                />
              </section>
            ))}
          </div>
        </>
      )}
    </>
  );
}
