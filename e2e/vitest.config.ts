import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser at a time: the journeys share one server, and the machine has two cores.
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
