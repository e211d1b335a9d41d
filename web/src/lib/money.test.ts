import { describe, expect, it } from 'vitest';
import { MONTO_AMBIGUO, MONTO_INVALIDO, montoDe, parseMonto } from './money';

describe('parseMonto', () => {
  it.each([
    ['1500', 1500],
    ['1.500', 1500],
    ['1.500,50', 1500.5],
    ['1.500,5', 1500.5],
    ['1500,50', 1500.5],
    ['1500.50', 1500.5],
    ['1500.5', 1500.5],
    ['4500.50', 4500.5],
    ['1.234.567,89', 1234567.89],
    ['$ 2.000', 2000],
    [' 0,05 ', 0.05],
    ['0', 0],
    ['12.30', 12.3],
  ])('reads %j as %d', (text, expected) => {
    expect(parseMonto(text)).toEqual({ estado: 'ok', monto: expected });
  });

  it.each([
    ['1.5000'],
    ['1,500'],
    ['1.500.5'],
    ['1.500.50'],
    ['1,5,0'],
    ['1.500,505'],
    ['15.00.00'],
    ['.5'],
    ['1.'],
    ['1500.'],
  ])('refuses the ambiguous %j', (text) => {
    expect(parseMonto(text)).toEqual({ estado: 'error', mensaje: MONTO_AMBIGUO });
  });

  it.each([['-50'], ['12a'], ['1 500']])('refuses the invalid %j', (text) => {
    expect(parseMonto(text)).toEqual({ estado: 'error', mensaje: MONTO_INVALIDO });
  });

  it('reads empty text as empty', () => {
    expect(parseMonto('  ')).toEqual({ estado: 'vacio' });
  });
});

describe('montoDe', () => {
  it('gives the number, empty or NaN', () => {
    expect(montoDe('1500.50')).toBe(1500.5);
    expect(montoDe('')).toBe('');
    expect(montoDe('1.5000')).toBeNaN();
  });
});
