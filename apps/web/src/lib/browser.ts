/**
 * Leaving the console for another site's page (a payment provider's card page); an object so tests can
 * watch the navigation instead of leaving jsdom.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
