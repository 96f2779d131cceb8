/** Height of the console's header in px; toasts are placed below it. */
export const HEADER_HEIGHT = 60;
