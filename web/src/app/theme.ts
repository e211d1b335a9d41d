import {
  createTheme,
  darken,
  lighten,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/** Primary colour when the company has none. */
export const DEFAULT_PRIMARY_COLOR = '#3B82F6';
/** Secondary colour when the company has none. */
export const SECONDARY_COLOR = '#10B981';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Ten shades around `base` (index 6), from nearly white to dark. */
export function palette(base: string): MantineColorsTuple {
  return [
    lighten(base, 0.92),
    lighten(base, 0.8),
    lighten(base, 0.64),
    lighten(base, 0.48),
    lighten(base, 0.32),
    lighten(base, 0.16),
    base,
    darken(base, 0.14),
    darken(base, 0.28),
    darken(base, 0.42),
  ];
}

function colorOr(color: string | null | undefined, fallback: string): string {
  return color && HEX_COLOR.test(color) ? color : fallback;
}

/** The app theme; the colours come from the company's color_primario and color_secundario settings. */
export function buildTheme(colorPrimario?: string | null, colorSecundario?: string | null): MantineThemeOverride {
  const primary = colorOr(colorPrimario, DEFAULT_PRIMARY_COLOR);
  return createTheme({
    primaryColor: 'brand',
    // Filled surfaces use the darker shade 7 and autoContrast picks the text colour,
    // so white text on buttons keeps WCAG AA contrast for light company colours too.
    primaryShade: 7,
    autoContrast: true,
    colors: { brand: palette(primary), secondary: palette(colorOr(colorSecundario, SECONDARY_COLOR)) },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}

/** Mantine's default dimmed (gray.6) and error (red.6) texts are below WCAG AA on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
