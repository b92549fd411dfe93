import { describe, expect, it } from 'vitest';
import { countBuildWarnings, formatDuration, lastLines } from './build-app';
import { formatBanner } from './banner';

describe('the quiet build', () => {
  it('counts the warnings Turbopack summarises, and quotes a failed build by its last lines', () => {
    expect(countBuildWarnings('✓ Compiled\nTurbopack build encountered 8 warnings:\n./lib/x.ts')).toBe(8);
    expect(countBuildWarnings('Turbopack build encountered 1 warning:')).toBe(1);
    expect(countBuildWarnings('✓ Compiled successfully')).toBe(0);
    expect(lastLines('a\n\nb\nc\n', 2)).toEqual(['b', 'c']);
    expect([formatDuration(48.4), formatDuration(151)]).toEqual(['48 s', '2 min 31 s']);
  });
});

describe('the start banner', () => {
  it('ends start-up with the address and the demo logins inside a frame', () => {
    const banner = formatBanner('http://127.0.0.1:3000', { mode: 'embedded', home: '/srv/p' }).split('\n');
    const rules = banner.map((l, i) => (/^─+$/.test(l) ? i : -1)).filter((i) => i >= 0);
    expect(rules).toHaveLength(2);
    const framed = banner.slice(rules[0]! + 1, rules[1]).join('\n');
    expect(framed).toContain('Paralens is running at http://127.0.0.1:3000');
    for (const email of ['admin@paralens.local', 'researcher@paralens.local', 'annotator@paralens.local'])
      expect(framed).toContain(email);
    expect(framed).toContain('password: paralens-demo');
    expect(framed).toContain('Press Ctrl-C to stop.');
  });
});
