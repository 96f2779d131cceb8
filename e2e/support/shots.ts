import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/screens');

/** A full-page screenshot in e2e/.artifacts/screens, to look at after the run. */
export async function shot(page: Page, name: string) {
  await fs.mkdir(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}
