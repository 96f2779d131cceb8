import { describe, expect, it } from 'vitest';
import { modalsHostMounted, whenModalsReady } from './modals';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Let any already resolved promise run its callbacks.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('whenModalsReady', () => {
  it('waits for a modal manager to mount, and again after the last one unmounted', async () => {
    const early = whenModalsReady();
    expect(await settled(early)).toBe(false);

    const unmount = modalsHostMounted();
    expect(await settled(early)).toBe(true);
    expect(await settled(whenModalsReady())).toBe(true);

    unmount();
    expect(await settled(whenModalsReady())).toBe(false);
  });
});
