import { afterEach } from 'vitest';

// Shared by node and DOM test files: only DOM files need (and can load) Testing Library and Mantine.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // Screens load lazily; on a busy 2-core machine the first render of a chunk can pass 1 s, the
  // default wait of findBy*, and fail a journey that is not broken.
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
