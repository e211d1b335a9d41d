import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDecimal, formatDuracion, formatMoney, formatNumber } from './format';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it.each([
    [1234.5, `$${NBSP}1.234,50`],
    [0, `$${NBSP}0,00`],
    [1500000.25, `$${NBSP}1.500.000,25`],
    [-50, `-$${NBSP}50,00`],
    [-1500, `-$${NBSP}1.500,00`],
    [-0.001, `$${NBSP}0,00`],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it('uses dots for thousands', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
  });
});

describe('dates', () => {
  it('formats local date-times as dd/MM/yyyy HH:mm', () => {
    expect(formatDateTime('2026-03-05T09:07:00')).toBe('05/03/2026 09:07');
  });

  it('shows UTC instants in the local (Buenos Aires) time', () => {
    expect(formatDateTime('2026-03-05T12:30:00Z')).toBe('05/03/2026 09:30');
  });

  it('formats a trip date as dd/MM/yyyy', () => {
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });

  it('returns an empty text for invalid input', () => {
    expect(formatDateTime('no es una fecha')).toBe('');
  });
});

describe('formatDuracion', () => {
  it('writes the two largest units', () => {
    expect(formatDuracion(30_000)).toBe('menos de 1 min');
    expect(formatDuracion(45 * 60_000)).toBe('45 min');
    expect(formatDuracion((2 * 60 + 15) * 60_000 + 59_000)).toBe('2 h 15 min');
    expect(formatDuracion((3 * 1440 + 4 * 60 + 5) * 60_000)).toBe('3 d 4 h');
    expect(formatDuracion(-5_000)).toBe('menos de 1 min');
  });
});

describe('formatDecimal', () => {
  it('writes the decimals after a comma, es-AR', () => {
    expect(formatDecimal(0, 1)).toBe('0,0');
    expect(formatDecimal(1.25, 1)).toBe('1,3');
    expect(formatDecimal(1234.5, 2)).toBe('1.234,50');
  });
});
