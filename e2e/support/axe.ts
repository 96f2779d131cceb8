import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into the page under test (no network). */
const AXE_SOURCE: string = require('axe-core').source;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** The first offending element's markup, shortened. */
  html: string;
}

/**
 * Runs axe-core on the page as it is now and answers its critical and serious violations (WCAG 2.x A and
 * AA rules and axe's best practices) and content outside landmarks, each with the offending nodes.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined',
  );
  // Evaluated through the browser's debugging protocol: the console's CSP (script-src 'self') forbids
  // an inline script tag, not this.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // A dialog still fading in is read by axe at part opacity (a "contrast" finding no one sees once it has
  // opened): let the transitions under way end first. Endless ones (spinners) are not waited for, and the
  // wait is capped.
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; html: string }[];
      }[];
    };
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      html: (v.nodes[0]?.html ?? '').slice(0, 160),
    }));
  });
  // Critical and serious, and content outside landmarks (`region`, moderate): each screen keeps all its
  // content in the header, navigation or main.
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'region');
}
