import { afterEach } from 'vitest';
import { forgetEarlyCalls } from '../lib/early-call';
import { configureHttp } from '../lib/http';
import { forgetIntlCaches } from '../lib/intl';

// The files of one worker share their modules (vitest.config.ts, `isolate: false`), so what a test set
// up in a module-wide place is put back after it: the http helper's collaborators (a test's fake fetch,
// token or base URLs), the calls started early for screens, and the browser zone and formatters read
// while a file ran in another zone.
afterEach(() => {
  configureHttp({});
  forgetEarlyCalls();
  forgetIntlCaches();
});

// Shared by node and DOM test files: only DOM files need (and can load) Testing Library and Mantine.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // Each screen is a lazy chunk; on a busy machine the first one a file loads can take over the
  // default second to transform, so `findBy…` waits longer before giving up.
  configure({ asyncUtilTimeout: 5000 });
  const { notifications } = await import('@mantine/notifications');
  afterEach(() => {
    cleanup();
    // The notifications store is module-wide; a toast from one test must not satisfy the next.
    notifications.clean();
    notifications.cleanQueue();
    window.localStorage.clear();
  });
}

// jsdom has no FontFaceSet; Mantine's autosize textareas listen to `document.fonts` for re-measuring.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
