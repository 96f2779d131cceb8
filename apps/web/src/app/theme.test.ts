import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  contrastRatio,
  cssVariablesResolver,
  FILLED_SHADE,
  filledTextColor,
  TEXT_COLORS,
  theme,
} from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;
const WHITE = '#ffffff';
const PAGE_GRAY = resolved.colors.gray[0]; // the account layout's background
// The colours the console puts on screen (badges, buttons, alerts, text).
const USED = ['indigo', 'red', 'teal', 'yellow', 'gray', 'blue', 'grape', 'green', 'orange'] as const;
// Colours only light badges use (cyan: the Class kind of events), never a filled button.
const BADGE_ONLY = ['cyan'] as const;

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it('computes ratios like the WCAG formula', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each(Object.entries(TEXT_COLORS))('%s text reads on white and on the page gray', (_name, color) => {
    expect(contrastRatio(color, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(color, PAGE_GRAY)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('wires those colours into the CSS variables', () => {
    expect(light['--mantine-color-dimmed']).toBe(TEXT_COLORS.dimmed);
    expect(light['--mantine-color-placeholder']).toBe(TEXT_COLORS.placeholder);
    expect(light['--mantine-color-error']).toBe(TEXT_COLORS.error);
  });

  it.each([...USED, ...BADGE_ONLY])(
    '%s light badge text reads on its tint and its hover tint, and as text on white',
    (color) => {
      const text = light[`--mantine-color-${color}-light-color`] ?? '';
      expect(contrastRatio(text, resolved.colors[color][1])).toBeGreaterThanOrEqual(AA_TEXT);
      // A subtle or light button under the pointer: Mantine's light-hover is the colour's shade 2.
      expect(contrastRatio(text, resolved.colors[color][2])).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(light[`--mantine-color-${color}-text`] ?? '', WHITE)).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    },
  );

  it.each(USED)('%s filled button label reads on its fill', (color) => {
    const fill = resolved.colors[color][FILLED_SHADE];
    expect(contrastRatio(filledTextColor(fill), fill)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('the primary button is indigo with a white label', () => {
    const fill = resolved.colors[resolved.primaryColor]?.[FILLED_SHADE] ?? '';
    expect(filledTextColor(fill)).toBe('#ffffff');
    expect(contrastRatio('#ffffff', fill)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
