import { nprogressStore } from '@mantine/nprogress';
import { describe, expect, it } from 'vitest';
import { holdLoadingBar, loadingBarHolders, releaseLoadingBar } from './loading-bar';

describe('loading bar', () => {
  it('completes only when the last overlapping holder releases it', () => {
    holdLoadingBar();
    holdLoadingBar();
    expect(nprogressStore.getState().mounted).toBe(true);
    releaseLoadingBar();
    expect(loadingBarHolders()).toBe(1);
    expect(nprogressStore.getState().progress).toBeLessThan(100);
    releaseLoadingBar();
    expect(loadingBarHolders()).toBe(0);
    expect(nprogressStore.getState().progress).toBe(100);
  });

  it('ignores a release without a hold', () => {
    releaseLoadingBar();
    expect(loadingBarHolders()).toBe(0);
  });
});
