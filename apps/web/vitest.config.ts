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
    restoreMocks: true,
    // A journey through lazy screens can take seconds on a loaded 2-core machine; this is a hang
    // guard, not a performance assertion.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
