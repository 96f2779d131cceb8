import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Two files at once even on two cores: much of a file's time is spent waiting on PostgreSQL (each
    // file has its own database), so CI's server pass takes about two thirds of the time of one.
    maxWorkers: 2,
    // Files share a worker's modules instead of importing the whole server again each (2.6 s a file):
    // CI's server pass went from 515 s to 283–312 s on a 2-core machine (five runs). Safe because nothing here mocks,
    // stubs or spies (no vi.mock, vi.stubEnv, vi.spyOn), and each file builds its own app on its own
    // database; module-level state is pure caches or WeakMaps keyed by an app.
    isolate: false,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
