import { defineConfig } from 'vitest/config';
import { e2eLanes } from './support/lanes.js';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A spec file per lane at a time, each lane with its own server (support/global-setup.ts).
    pool: 'forks',
    maxWorkers: e2eLanes(),
    // A lane's files share its modules (playwright-core, the contract) instead of importing them again
    // each: safe because no spec mocks anything and a lane's server is the same for all its files.
    isolate: false,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
