import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMNS,
  filterPartOf,
  layoutEntries,
  parseExplorerView,
  withLayoutOf,
  writeExplorerView,
} from './explorer-view';

describe('the explorer view in the URL', () => {
  it('defaults, and drops what it does not know', () => {
    expect(parseExplorerView(new URLSearchParams('cols=nope&widths=a:5,bleu:120,x:90&density=huge&from=-3'))).toEqual({
      columns: [...DEFAULT_COLUMNS],
      widths: { bleu: 120 },
      density: 'comfortable',
      backward: false,
      from: 1,
    });
  });

  it('round-trips, leaving defaults out', () => {
    const params = new URLSearchParams('corpus=x&cols=id,st,a&widths=a:400&density=compact&dir=prev&from=101');
    const view = parseExplorerView(params);
    expect(writeExplorerView(new URLSearchParams('corpus=x'), view).toString()).toBe(
      'corpus=x&cols=id%2Cst%2Ca&widths=a%3A400&density=compact&dir=prev&from=101',
    );
    expect(writeExplorerView(new URLSearchParams(), parseExplorerView(new URLSearchParams())).toString()).toBe('');
    expect(filterPartOf(params).toString()).toBe('corpus=x');
  });

  it('carries the current layout into links rendered before it changed', () => {
    const current = new URLSearchParams('sort=bleu&cols=id,a&density=compact');
    expect(withLayoutOf('/explore?sort=bleu&cursor=c&cols=id&widths=a:300', current)).toBe(
      '/explore?sort=bleu&cursor=c&cols=id%2Ca&density=compact',
    );
    expect(layoutEntries(current)).toEqual([
      ['cols', 'id,a'],
      ['density', 'compact'],
    ]);
  });
});
