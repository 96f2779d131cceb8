import { defineConfig } from 'vitest/config';

// The machine's zone must play no part: run the tests in one that is neither UTC nor any zone the
// tests name, so a helper that leaned on the local zone would print Honolulu's times and fail.
process.env.TZ = 'Pacific/Honolulu';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    env: { TZ: 'Pacific/Honolulu' },
  },
});
