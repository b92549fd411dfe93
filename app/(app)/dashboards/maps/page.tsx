import type { Metadata } from 'next';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { listCorpusMeasureMaps } from '@/lib/db/characteristic-maps';
import { listSemanticAxes } from '@/lib/db/semantic-set';
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

export default async function MapsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireArea('dashboards');
  const parsed = searchSchema.safeParse(await searchParams);
  const wanted = parsed.success ? [parsed.data.corpus ?? []].flat() : [];
  const all = await listCorpusMeasureMaps(getDb());
  const semAxes = await listSemanticAxes(getDb());
  const shown = wanted.length > 0 ? all.filter((c) => wanted.includes(c.slug)) : all;
  const scaleMax = maxShare(shown.map((c) => c.map));
  const forCsv = shown.map((c) => ({ name: c.name, map: c.map }));
  return (
    <>
      <PageHeader title="Characteristic maps" description="syn × sem in five equal-width bins on [0, 1] (1.0 in the top bin), as in Fig. 2 of the EACL 2023 paper; all maps on one colour scale. Click a cell for its pairs." />
      <DashboardTabs current="/dashboards/maps" links={topTabs} />
      {all.length === 0 ? (
        <EmptyState title="No corpora yet">
          <p>Import a corpus to see its map.</p>
        </EmptyState>
      ) : (
        <>
          <CorpusPicker corpora={all.map((c) => ({ slug: c.slug, name: c.name }))} selected={shown.map((c) => c.slug)} />
          <MapLegend scaleMax={scaleMax} />
          <div className={styles.maps}>
            {shown.map((c) => (
              <section key={c.slug} className="card" aria-label={`Map of ${c.name}`}>
                <CharacteristicMapGrid title={c.name} map={c.map} scaleMax={scaleMax} axes={axes} cellHref={(x, y) => `/dashboards/maps/cell?corpus=${encodeURIComponent(c.slug)}&cell=${x},${y}`} />
                <p className="small muted" data-testid="sem-formula">
                  {semAxes.get(c.slug)?.formula ?? 'sem: no semantic measure yet'}
                </p>
                <MapDownloads fileBase={`map-${c.slug}`} title={`${c.name}: syn × sem`} map={c.map} scaleMax={scaleMax} axes={axes} all={forCsv} />
              </section>
            ))}
          </div>
        </>
      )}
    </>
  );
}
