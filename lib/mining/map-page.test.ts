import { describe, expect, it } from 'vitest';
import { mapPage } from './map-page';
import { createWinkTagger } from './text/wink-tagger';

const tagger = createWinkTagger();
const text = `{{Infobox ship|image=Monitor model.jpg|caption={{USS|Monitor}}, the first monitor, was launched in 1862}}
[[File:Luka Šulić.jpg|thumb|[[Luka Šulić]] plays the cello on the stage in Zagreb.|alt= A man   with a cello]]`;

describe('mapPage', () => {
  it('emits one row per reference with cleaned, classified captions (paper strips accents)', () => {
    const rows = mapPage({ id: 7, title: '2Cellos', text }, { mode: 'paper', tagger });
    expect(rows.map((r) => [r.imageKey, r.caption?.text, r.alt?.text])).toEqual([
      ['File:Monitor_model.jpg', 'USS Monitor, the first monitor, was launched in 1862', undefined],
      // the caption is the last component, here alt=…: no caption in paper mode
      ['File:Luka_Šulić.jpg', undefined, 'A man with a cello'],
    ]);
    expect(rows[0]!.caption).toMatchObject({
      words: 9,
      isSentence: true,
      hasVerb: true,
      fold: 'uss monitor, the first monitor, was launched in 1862',
      norm: 'ussmonitorthefirstmonitorwaslaunchedin1862',
    });
    expect(rows[1]!.alt).toMatchObject({ words: 5, fold: null, norm: null });
  });

  it('fixed mode takes the last component that is not an option, and keeps accents', () => {
    const rows = mapPage({ id: 7, title: '2Cellos', text }, { mode: 'fixed', tagger });
    expect(rows[1]!.caption!.text).toBe('Luka Šulić plays the cello on the stage in Zagreb.');
  });
});
