import { createTheme } from '@mantine/core';

// System fonts only: the production CSP allows no font or style hosts besides the console itself.
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
});
