import { DEFAULT_THEME, lighten, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, contraste, cssVariablesResolver, DEFAULT_PRIMARY_COLOR, legible, palette, SECONDARY_COLOR, themeColors } from './theme';

describe('theme', () => {
  it('resolves the colours before the company is known and when it repeats the defaults alike (the theme is not rebuilt)', () => {
    const antes = themeColors(undefined, undefined);
    expect(themeColors(DEFAULT_PRIMARY_COLOR, SECONDARY_COLOR)).toEqual(antes);
    expect(themeColors('no es un color', null)).toEqual(antes);
    expect(themeColors('#0E7490', '#B45309')).toEqual({ primary: '#0E7490', secondary: '#B45309' });
  });

  it('builds ten shades with the base colour at index 6, lighter before and darker after', () => {
    const shades = palette('#3B82F6');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#3B82F6');
    expect(shades[0]).toBe('rgba(239, 245, 254, 1)');
    expect(shades[9]).toBe('rgba(34, 75, 143, 1)');
  });

  it("uses the company's colour and falls back to the default for missing or invalid values", () => {
    expect(buildTheme('#FF5500').colors?.brand?.[6]).toBe('#FF5500');
    expect(buildTheme(null).colors?.brand?.[6]).toBe(DEFAULT_PRIMARY_COLOR);
    expect(buildTheme('red; background: url(x)').colors?.brand?.[6]).toBe(DEFAULT_PRIMARY_COLOR);
  });

  it("writes a titled toast's text in the AA dimmed grey, not Mantine's gray.6", () => {
    expect(contraste(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
    expect(contraste(DEFAULT_THEME.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, buildTheme(null))).light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(buildTheme(null).components?.Notification?.styles).toEqual({ description: { color: 'var(--mantine-color-dimmed)' } });
  });

  it('drops transitions for who asks the system for reduced motion, whatever the company colours', () => {
    expect(buildTheme(null).respectReducedMotion).toBe(true);
    expect(buildTheme('#FF5500', '#7C3AED').respectReducedMotion).toBe(true);
  });

  it("themes the secondary colour from the company's color_secundario", () => {
    expect(buildTheme('#FF5500', '#7C3AED').colors?.secondary?.[6]).toBe('#7C3AED');
    expect(buildTheme('#FF5500', 'verde').colors?.secondary?.[6]).toBe(SECONDARY_COLOR);
  });

  it('measures contrast as WCAG does and darkens a colour until it reads at AA', () => {
    expect(contraste('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contraste('#2b8a3e', '#d3f9d8')).toBeCloseTo(3.8, 1); // Mantine's green badge
    expect(contraste(legible('#2b8a3e', '#d3f9d8'), '#d3f9d8')).toBeGreaterThanOrEqual(4.5);
    expect(legible('#1f2937', '#ffffff')).toBe('#1f2937');
  });

  it.each([
    ['the default colours', undefined],
    ['a light company colour', '#FFD43B'],
  ])('gives every badge, alert and text colour AA contrast with %s', (_, primario) => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(primario, '#A3E635'));
    const { light } = cssVariablesResolver(theme);
    for (const [nombre, tonos] of Object.entries(theme.colors)) {
      expect(contraste(light[`--mantine-color-${nombre}-light-color`], tonos[1]), `${nombre} light`).toBeGreaterThanOrEqual(4.5);
      expect(contraste(light[`--mantine-color-${nombre}-outline`], '#fff'), `${nombre} outline`).toBeGreaterThanOrEqual(4.5);
      expect(contraste(light[`--mantine-color-${nombre}-text`], '#fff'), `${nombre} text`).toBeGreaterThanOrEqual(4.5);
      const relleno = light[`--mantine-color-${nombre}-filled`];
      expect(Math.max(contraste(relleno, '#fff'), contraste(relleno, '#000')), `${nombre} filled`).toBeGreaterThanOrEqual(4.5);
    }
    // red.7 keeps white text: it is darkened rather than given black text
    expect(contraste(light['--mantine-color-red-filled'], '#fff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['#3B82F6', '#10B981', '#F59E0B', '#8B5CF6'])('gives a role badge colour outside the theme (%s) AA contrast', (color) => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme());
    const colores = (variant: string) => theme.variantColorResolver({ color, theme, variant });
    const filled = colores('filled');
    const texto = filled.color === 'var(--mantine-color-black)' ? '#000' : '#fff';
    expect(contraste(filled.background, texto)).toBeGreaterThanOrEqual(4.5);
    expect(contraste(colores('light').color, lighten(color, 0.9))).toBeGreaterThanOrEqual(4.5);
    expect(contraste(colores('outline').color, '#fff')).toBeGreaterThanOrEqual(4.5);
  });
});
