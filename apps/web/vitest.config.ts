import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    // Component tests need a DOM; the http helper tests opt into `node` with a file comment.
    environment: 'happy-dom',
    // With less motion asked for, Mantine's transitions finish at once (theme.respectReducedMotion)
    // instead of leaving a timer that could fire after a file's DOM is gone.
    environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
    include: ['src/**/*.test.{ts,tsx}'],
    // Two files at once on two cores (Vitest's default leaves one core to itself, so one file at a time
    // there): CI's web pass went from 296 s to 175–218 s on a 2-core machine (four runs).
    maxWorkers: 2,
    // A worker's files share their modules instead of importing the console again for each (~110 s → ~65 s
    // for the whole pass here, docs/performance.md, "The thirteenth round"). What a module keeps for the
    // page's lifetime (the http helper's collaborators, calls started early, the browser zone and
    // formatters) is put back after each test by src/test/setup.ts; the pass was checked in shuffled
    // file orders (`--sequence.shuffle.files --sequence.seed=N`), which is how to look for a leak.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A journey through lazy screens can take seconds on a loaded 2-core machine; this is a hang
    // guard, not a performance assertion.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
