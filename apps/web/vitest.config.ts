import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    // Component tests need a DOM; the http helper tests opt into `node` with a file comment.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Screens load as lazy chunks; on a busy shared machine one journey can take several seconds.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
