import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  getPrimaryShade,
  isLightColor,
  lighten,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
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

/**
 * The colours buildTheme uses for these settings (the defaults for missing or invalid ones): the
 * theme is rebuilt only when they change, not when the company's answer repeats the defaults
 * (a new theme re-renders every component on the screen).
 */
export function themeColors(colorPrimario?: string | null, colorSecundario?: string | null): { primary: string; secondary: string } {
  return { primary: colorOr(colorPrimario, DEFAULT_PRIMARY_COLOR), secondary: colorOr(colorSecundario, SECONDARY_COLOR) };
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
    variantColorResolver,
    colors: { brand: palette(primary), secondary: palette(colorOr(colorSecundario, SECONDARY_COLOR)) },
    defaultRadius: 'md',
    // Who asks the system for less motion (prefers-reduced-motion) gets no transitions: toasts, modals and
    // menus appear at once (WCAG 2.3.3). The end-to-end tests ask for it too, so axe never sees a half-faded toast.
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      // A badge shows its whole text (a role name was cut to 'SUPER_AD…'): it never shrinks below it.
      Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' }, label: { overflow: 'visible', textOverflow: 'clip' } } },
      // Mantine's clear and close buttons have no name of their own.
      DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Borrar fecha' } } },
      // a titled toast's text is Mantine's gray.6 (3.3:1 on white, below AA): the theme's dimmed (gray.7) instead
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      Alert: { defaultProps: { closeButtonLabel: 'Cerrar' } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    },
  });
}

/** WCAG AA for normal text. */
const AA = 4.5;

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contraste(a: string, b: string): number {
  const [claro, oscuro] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (claro + 0.05) / (oscuro + 0.05);
}

/** `color`, darkened in steps until text in it reads at AA on `fondo`. */
export function legible(color: string, fondo: string): string {
  let texto = color;
  for (let paso = 0; contraste(texto, fondo) < AA && paso < 10; paso++) texto = darken(texto, 0.15);
  return texto;
}

/** A filled surface of `color` under white text (autoContrast) darkened until the text reads at AA; under black text it already does. */
function rellenoLegible(color: string, luminanceThreshold: number): string {
  return isLightColor(color, luminanceThreshold) ? color : legible(color, '#fff');
}

/**
 * Texts in a colour keep WCAG AA contrast for every colour of the theme (the company's too): the
 * light variant's (badges, alerts, light buttons: shade 9 on shade 1 is 3.8:1 for green), white
 * text on the filled variant (red.7 is 3.8:1), the outline variant's and `c="color"` texts on
 * white. Mantine's default dimmed (gray.6) and error (red.6) texts are below AA on white as well.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(theme.colors).flatMap(([nombre, tonos]) => {
        const lleno = tonos[getPrimaryShade(theme, 'light')];
        const relleno = rellenoLegible(lleno, theme.luminanceThreshold);
        return [
          [`--mantine-color-${nombre}-filled`, relleno],
          [`--mantine-color-${nombre}-filled-hover`, darken(relleno, 0.1)],
          [`--mantine-color-${nombre}-light-color`, legible(tonos[9], tonos[1])],
          [`--mantine-color-${nombre}-outline`, legible(lleno, '#fff')],
          [`--mantine-color-${nombre}-text`, legible(lleno, '#fff')],
        ];
      }),
    ),
  },
  dark: {},
});

/**
 * The same AA texts for a colour outside the theme (a role's badge colour, '#3B82F6'): Mantine uses
 * it as it is, on white, on a 10% tint of itself (drawn here as 20%, on the safe side) or under white text.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colores = defaultVariantColorsResolver(input);
  const { color, theme, variant } = input;
  if (!color || parseThemeColor({ color, theme }).isThemeColor) return colores;
  switch (variant) {
    case 'filled': {
      const relleno = rellenoLegible(color, theme.luminanceThreshold);
      return { ...colores, background: relleno, hover: darken(relleno, 0.1) };
    }
    case 'light':
      return { ...colores, color: legible(color, lighten(color, 0.8)) };
    case 'outline': {
      const texto = legible(color, '#fff');
      return { ...colores, color: texto, border: colores.border.replace(color, texto) };
    }
    default:
      return colores;
  }
};
