import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { currentLane } from './lanes.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');

/** Flags of every launch: nothing reaches outside this machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with nothing reaching outside this machine; `extraArgs` adds flags. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Per spec file: one browser; per test: a fresh context (empty storage) and page. A failing test
 * leaves a screenshot in e2e/.artifacts.
 */
export function useBrowser() {
  const state = {} as { browser: Browser; context: BrowserContext; page: Page; baseUrl: string };
  beforeAll(async () => {
    const urls = inject('baseUrls');
    state.baseUrl = urls[(currentLane() - 1) % urls.length] as string;
    state.browser = await launchChromium();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  async function newPage(
    options: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' } = {},
  ) {
    await state.context?.close();
    state.context = await state.browser.newContext({
      baseURL: state.baseUrl,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      serviceWorkers: options.serviceWorkers ?? 'allow',
    });
    state.page = await state.context.newPage();
    return state.page;
  }
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && state.page) {
      await fs.mkdir(artifacts, { recursive: true });
      const name = context.task.name.replace(/[^\w]+/g, '-').slice(0, 80);
      await state.page
        .screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true })
        .catch(() => {});
    }
    await state.context?.close();
  });
  return Object.assign(state, { newPage });
}
