import { describe, expect, it } from 'vitest';
import { buildTheme, DEFAULT_PRIMARY_COLOR, palette, SECONDARY_COLOR } from './theme';

describe('theme', () => {
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

  it("themes the secondary colour from the company's color_secundario", () => {
    expect(buildTheme('#FF5500', '#7C3AED').colors?.secondary?.[6]).toBe('#7C3AED');
    expect(buildTheme('#FF5500', 'verde').colors?.secondary?.[6]).toBe(SECONDARY_COLOR);
  });
});
