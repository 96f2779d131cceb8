import { nprogress } from '@mantine/nprogress';

/**
 * One bar for navigations and calls. Each source holds the bar while busy; it completes only when the
 * last holder lets go, so overlapping calls do not hide it early.
 */
let holders = 0;

export function holdLoadingBar(): void {
  holders += 1;
  if (holders === 1) {
    // reset first: a start() during the previous complete() animation would otherwise stick at 100%.
    nprogress.reset();
    nprogress.start();
  }
}

export function releaseLoadingBar(): void {
  if (holders === 0) return;
  holders -= 1;
  if (holders === 0) nprogress.complete();
}

export function loadingBarHolders(): number {
  return holders;
}
