import os from 'node:os';

/**
 * How many spec files run at once, each lane with a server and demo data of its own (global-setup.ts).
 * Browser journeys spend much of their time waiting on the page: on two cores, two lanes took the suite
 * from 859–889 s to 526–566 s (docs/performance.md, the twelfth round). `E2E_LANES=1` runs one file at a
 * time.
 */
export function e2eLanes(): number {
  const asked = Number(process.env.E2E_LANES);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.min(2, os.availableParallelism());
}

/** The lane a spec file runs in: Vitest numbers its workers from 1 to maxWorkers. */
export function currentLane(): number {
  return Number(process.env.VITEST_POOL_ID ?? 1);
}
