/** Leaving the console for the card page of a due payment; an object so tests can watch the navigation. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
