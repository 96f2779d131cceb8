import type { Page } from 'playwright-core';
import { type AxeFinding, seriousAxeFindings } from './axe.js';

/** The widths every screen is audited at: a desk and a phone. */
export const AUDIT_WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
] as const;

/** Waits until the screen has drawn its data: a heading, and no loader or skeleton left. */
async function settled(page: Page) {
  await page.locator('h1, h2').first().waitFor();
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, [aria-busy="true"]',
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Charts and transitions draw on the next frames.
  await page.waitForTimeout(300);
}

const describeFinding = (path: string, f: AxeFinding) =>
  `${path}: ${f.id} (${f.impact}) ${f.help} at ${f.targets.slice(0, 3).join(', ')}${f.targets.length > 3 ? ` and ${f.targets.length - 3} more` : ''}: ${f.html}`;

/** Visits each path and answers what axe found, one line per rule and screen. */
export async function audit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    found.push(...(await seriousAxeFindings(page)).map((f) => describeFinding(path, f)));
  }
  return found;
}

/** The href of the first link matching `pattern` on the page at `path`. */
export async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  await settled(page);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link like ${pattern} on ${path}`);
  return href;
}
