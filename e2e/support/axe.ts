/**
 * Accessibility measured with axe-core (Deque's rules engine; the WCAG 2.0 and 2.1 A and AA rules,
 * as the tags below name them) in the page as it is shown. e2e/every-page.spec.ts runs it on every
 * page, as every visitor, at both widths, and fails on any serious or critical violation.
 *
 * The script is handed to the page with `page.evaluate` rather than a `<script>` tag: the pages'
 * content security policy (proxy.ts) allows only scripts carrying its nonce, and the check must not
 * loosen it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
/** The impacts that fail the test; moderate and minor ones are listed in the report only. */
export const FAILING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** a few of the offending elements, as CSS selectors */
  targets: string[];
  count: number;
}

/** The WCAG A/AA violations axe finds in the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate(
    async (tags) => {
      type Result = {
        violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
      };
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
        count: v.nodes.length,
      }));
    },
    [...WCAG_TAGS],
  );
}

export function isFailing(finding: AxeFinding): boolean {
  return (FAILING_IMPACTS as readonly string[]).includes(finding.impact);
}

export function describeFinding(f: AxeFinding): string {
  return `${f.impact} ${f.rule} (${f.help}) on ${f.count} element(s): ${f.targets.join(', ')}`;
}
