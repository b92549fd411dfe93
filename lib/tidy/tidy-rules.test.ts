import { describe, expect, it } from 'vitest';
import {
  campaignDeletionBlocker,
  campaignDeletionParts,
  canDelete,
  corpusDeletionBlocker,
  corpusDeletionParts,
  pickerChoices,
} from './tidy-rules';

const corpus = {
  pairs: 1204,
  texts: 2000,
  importJobs: 1,
  scoringJobs: 0,
  exports: 2,
  userMeasures: 0,
  campaigns: [],
  activeJobs: 0,
};

describe('tidy rules', () => {
  it('lets an admin or the creating researcher delete, nobody else', () => {
    expect(canDelete({ id: 1, role: 'ADMIN' }, null)).toBe(true);
    expect(canDelete({ id: 2, role: 'RESEARCHER' }, 2)).toBe(true);
    expect(canDelete({ id: 2, role: 'RESEARCHER' }, 3)).toBe(false);
    expect(canDelete({ id: 2, role: 'RESEARCHER' }, null)).toBe(false);
    expect(canDelete({ id: 2, role: 'ANNOTATOR' }, 2)).toBe(false);
  });

  it('names what a deletion takes, leaving out what is not there', () => {
    expect(corpusDeletionParts(corpus)).toEqual(['1,204 pairs', '2,000 texts', '1 import record', '2 exports and their files']);
    expect(
      campaignDeletionParts({
        items: 1,
        annotators: 2,
        assignments: 0,
        answers: 3,
        adjudications: 0,
        goldAnswers: 0,
        finalLabels: 0,
        exports: 0,
        activeExports: 0,
        modelRuns: 2,
        activeModelRuns: 0,
        status: 'CLOSED',
      }),
    ).toEqual(['1 sampled pair', '3 answers', '2 annotator memberships', '2 model runs with their answers and measures']);
  });

  it('says why a deletion cannot happen now', () => {
    expect(corpusDeletionBlocker(corpus)).toBeNull();
    expect(corpusDeletionBlocker({ ...corpus, campaigns: [{ slug: 'a', name: 'Pilot' }] })).toBe(
      'The corpus is used by the campaign “Pilot”; delete that campaign first, or archive the corpus instead.',
    );
    expect(
      corpusDeletionBlocker({
        ...corpus,
        campaigns: [
          { slug: 'a', name: 'A' },
          { slug: 'b', name: 'B' },
        ],
      }),
    ).toContain('used by 2 campaigns: “A”, “B”; delete those campaigns first');
    expect(corpusDeletionBlocker({ ...corpus, activeJobs: 1 })).toContain('waiting or running');
    const campaign = {
      items: 1,
      annotators: 0,
      assignments: 0,
      answers: 0,
      adjudications: 0,
      goldAnswers: 0,
      finalLabels: 0,
      exports: 0,
      activeExports: 0,
      modelRuns: 1,
      activeModelRuns: 0,
    };
    expect(campaignDeletionBlocker({ ...campaign, status: 'ACTIVE' })).toContain('Pause or close it first');
    expect(campaignDeletionBlocker({ ...campaign, status: 'CLOSED', activeModelRuns: 1 })).toContain('model run');
    expect(campaignDeletionBlocker({ ...campaign, status: 'PAUSED' })).toBeNull();
    expect(campaignDeletionBlocker({ ...campaign, status: 'DRAFT', activeExports: 1 })).toContain('export');
  });

  it('keeps archived entries out of a picker unless the page asks for them', () => {
    const all = [
      { slug: 'a', archivedAt: null },
      { slug: 'b', archivedAt: new Date() },
      { slug: 'c', archivedAt: new Date() },
    ];
    expect(pickerChoices(all, []).map((c) => c.slug)).toEqual(['a']);
    expect(pickerChoices(all, ['c', undefined]).map((c) => c.slug)).toEqual(['a', 'c']);
  });
});
