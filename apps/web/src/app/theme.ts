import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken, luminance } from '@mantine/core';

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;

// Mantine's light-scheme defaults fall short of AA: dimmed text (gray 6) is 3.3:1 on white,
// placeholders (gray 5) 2.1:1, error text (red 6) 3.3:1, the primary button (indigo 6) 4.3:1, and
// light badges of teal and yellow put shade 9 on shade 1 at 4.3:1 and 2.7:1.
export const TEXT_COLORS = {
  dimmed: DEFAULT_THEME.colors.gray[7],
  placeholder: '#656c73',
  error: DEFAULT_THEME.colors.red[9],
};

/** Filled buttons and badges use shade 8; text on them turns black where white would be too faint. */
const PRIMARY_SHADE = 8;
const LUMINANCE_THRESHOLD = 0.2;

/**
 * The text colour of a colour's light and subtle variants (badges, subtle buttons, `c="teal"` text):
 * its shade 9, darkened in steps until it reads at AA on the variant's tint (shade 1) and on its hover
 * tint (shade 2: a subtle or light button under the pointer), which also makes it readable on white.
 */
export function accessibleTextColor(shades: readonly string[]): string {
  const tints = [shades[1] ?? '#ffffff', shades[2] ?? '#ffffff'];
  const reads = (color: string) => tints.every((tint) => contrastRatio(color, tint) >= AA_TEXT);
  let color = shades[9] ?? '#000000';
  for (let step = 1; !reads(color) && step <= 10; step += 1) {
    color = darken(shades[9] ?? '#000000', step * 0.05);
  }
  return color;
}

// System fonts only: the production CSP allows no font or style hosts besides the console itself.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get menus, dialogs and toasts without animation.
  respectReducedMotion: true,
  components: {
    PasswordInput: {
      // Mantine takes the show/hide toggle out of the tab order; keyboard users need it too. Its
      // aria-pressed tells whether the password is shown.
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    },
    // A closed dropdown (Select, Autocomplete, MultiSelect) is not rendered: kept mounted, each one laid
    // out its hidden list with floating-ui as its screen mounted, which forced a whole-page style
    // recalculation there (~90 ms of the cold dashboard's main thread on a slow machine). Its input
    // names the list (aria-controls) only while it is open, so nothing points at a missing element.
    Combobox: { defaultProps: { keepMounted: false } },
    // Mantine's close buttons are icons without a name; screen readers (and axe) need one.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': TEXT_COLORS.dimmed,
    '--mantine-color-placeholder': TEXT_COLORS.placeholder,
    '--mantine-color-error': TEXT_COLORS.error,
  };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const text = accessibleTextColor(shades);
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-text`] = text;
  }
  return { variables: {}, light, dark: {} };
};

/** What a filled button or badge of `color` puts its label in (Mantine's autoContrast rule). */
export function filledTextColor(background: string): string {
  return luminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}
export const FILLED_SHADE = PRIMARY_SHADE;
