import { describe, expect, it } from 'vitest';
import { colorProgreso } from './progreso';

describe('colorProgreso', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [50, 'yellow'],
    [49, 'red'],
    [0, 'red'],
  ])('colours %i %% %s', (porcentaje, color) => {
    expect(colorProgreso(porcentaje)).toBe(color);
  });
});
