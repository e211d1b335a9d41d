import { describe, expect, it } from 'vitest';
import { formatDuracionExacta } from './duracion';

describe('formatDuracionExacta', () => {
  it.each([
    [0, '0m'],
    [59, '0m'],
    [60, '1m'],
    [3600, '1h 0m'],
    [8 * 3600, '8h 0m'],
    [26 * 3600 + 5 * 60 + 30, '1d 2h 5m'],
    [3 * 86400, '3d 0h 0m'],
  ])('%i s → %s', (segundos, texto) => {
    expect(formatDuracionExacta(segundos)).toBe(texto);
  });
});
