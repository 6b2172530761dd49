import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

const require = createRequire(import.meta.url);
let source: string | undefined;

export interface AxeFinding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations (the bar every screen must pass).
 * The app's CSP refuses inline scripts, so axe is evaluated through the DevTools protocol (as a test tool, not
 * as page content) rather than added as a script tag.
 */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const results = await page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  }, include ?? null);
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable summary of findings for an assertion message. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.impact} ${f.id}: ${f.help} at ${f.targets.join(' | ')}`).join('\n');
}
