import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Two files at once even on two cores: much of a file's time is spent waiting on PostgreSQL (each
    // file has its own database), so CI's server pass takes about two thirds of the time of one.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
