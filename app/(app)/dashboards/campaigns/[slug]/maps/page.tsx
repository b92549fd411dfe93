import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import {
  getCampaignMeasureMap,
  getCampaignRatingsMap,
  listCampaignCorpora,
  listRatingAnnotators,
} from '@/lib/db/dashboards/characteristic-maps';
import { database } from '@/lib/db/database';
import { MAP_BINS, maxShare, measureBinLabel, type CharacteristicMap } from '@/lib/dashboards/characteristic-map';
import { PageHeader } from '@/components/ui/page-header';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { CharacteristicMapGrid, MapLegend } from '@/components/dashboards/characteristic-map-grid';
import { MapDownloads } from '@/components/dashboards/map-downloads';
import styles from '@/components/dashboards/dashboards.module.css';
import { loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';

export const metadata: Metadata = { title: 'Campaign maps' };

const searchSchema = z.object({ median: z.enum(['lower', 'upper']).catch('lower').default('lower') });
const ratingAxes = { ticks: ['0', '1', '2', '3', '4'], syn: 'syntactic rating', sem: 'semantic rating' };
const measureAxes = { ticks: Array.from({ length: MAP_BINS }, (_, i) => measureBinLabel(i)), syn: 'syn', sem: 'sem' };

interface ShownMap {
  key: string;
  title: string;
  map: CharacteristicMap;
  axes: typeof ratingAxes;
  query: string;
}

export default async function CampaignMapsPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const { median } = searchSchema.parse(await searchParams);
  const db = database();
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const [annotators, corpora] = await Promise.all([listRatingAnnotators(db, campaign.id), listCampaignCorpora(db, campaign.id)]);
  const maps: ShownMap[] = [
    {
      key: 'median',
      title: `Median ratings (${median} median for even counts)${corpora.length > 1 ? ', all corpora' : ''}`,
      map: await getCampaignRatingsMap(db, campaign.id, { median }),
      axes: ratingAxes,
      query: `source=ratings&median=${median}`,
    },
  ];
  // one ratings map per corpus, side by side on the same scale (the EACL 2023 paper's Fig. 2)
  if (corpora.length > 1) {
    for (const c of corpora) {
      const query = `source=ratings&median=${median}&corpus=${encodeURIComponent(c.slug)}`;
      maps.push({
        key: `median-${c.slug}`,
        title: `Median ratings: ${c.name}`,
        map: await getCampaignRatingsMap(db, campaign.id, { median, corpusId: c.id }),
        axes: ratingAxes,
        query,
      });
    }
  }
  maps.push({
    key: 'measures',
    title: 'Measures (syn × sem)',
    map: await getCampaignMeasureMap(db, campaign.id),
    axes: measureAxes,
    query: 'source=measures',
  });
  for (const a of annotators)
    maps.push({
      key: `annotator-${a}`,
      title: `Annotator ${a}`,
      map: await getCampaignRatingsMap(db, campaign.id, { annotator: a }),
      axes: ratingAxes,
      query: `source=ratings&annotator=${encodeURIComponent(a)}`,
    });
  const scaleMax = maxShare(maps.map((m) => m.map));
  return (
    <>
      <PageHeader
        title={`${campaign.name}: characteristic maps`}
        description={
          <>
            Per pair the median of the 0-4 ratings (paper Fig. 2); gold pairs and excluded annotators left out; all maps on one
            colour scale. With an even number of ratings:{' '}
            <Link href={`${base}/maps?median=lower`} aria-current={median === 'lower' ? 'page' : undefined}>
              lower median
            </Link>{' '}
            ·{' '}
            <Link href={`${base}/maps?median=upper`} aria-current={median === 'upper' ? 'page' : undefined}>
              upper median
            </Link>
          </>
        }
      />
      <DashboardTabs current={`${base}/maps`} links={campaignTabs(campaign.slug)} />
      <MapLegend scaleMax={scaleMax} />
      <div className={styles.maps}>
        {maps.map((m) => (
          <section key={m.key} className="card" aria-label={m.title}>
            <CharacteristicMapGrid
              title={m.title}
              map={m.map}
              scaleMax={scaleMax}
              axes={m.axes}
              cellHref={(x, y) => `${base}/cell?${m.query}&cell=${x},${y}`}
            />
            <MapDownloads
              fileBase={`${campaign.slug}-${m.key}`}
              title={`${campaign.name}: ${m.title}`}
              map={m.map}
              scaleMax={scaleMax}
              axes={m.axes}
            />
          </section>
        ))}
      </div>
    </>
  );
}
