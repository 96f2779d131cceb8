import { afterEach } from 'vitest';

// Shared by node and DOM test files: only DOM files need (and can load) Testing Library and Mantine.
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
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
