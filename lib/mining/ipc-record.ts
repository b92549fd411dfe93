/**
 * A mined pair as a Wikipedia-IPC JSON line, the format the original pipeline wrote
 * (ParaphraseWritable, seed-code.md §1a) and lib/import/formats/wikipedia-ipc.ts reads: `id` (Java
 * hash of the lower-cased texts, not unique), `cluster-id` (the image's number in this output),
 * `image` (Commons URL), `first`/`second` with text, type and article URL, `similarities` {}.
 */
import { articleUrl, commonsUrl } from './image-name';
import { orderPair } from './pair-filters';

export interface PairSides {
  imageKey: string;
  /** `c` caption, `a` alt text */
  kind: 'c' | 'a';
  titleA: string;
  textA: string;
  titleB: string;
  textB: string;
}

export function formatIpcRecord(pair: PairSides, clusterId: number): string {
  const type = pair.kind === 'c' ? 'WIKI_TEXT' : 'WIKI_TEXT_ALT_TAG';
  const ordered = orderPair(
    { text: pair.textA, title: pair.titleA },
    { text: pair.textB, title: pair.titleB },
    (side) => side.text,
  );
  const side = (s: { text: string; title: string }) => ({
    'caption-text': s.text,
    'caption-type': type,
    page: articleUrl(s.title),
  });
  return JSON.stringify({
    id: ordered.id,
    'cluster-id': clusterId,
    image: commonsUrl(pair.imageKey),
    first: side(ordered.first),
    second: side(ordered.second),
    similarities: {},
  });
}
