import { describe, expect, it } from 'vitest';
import { etiquetaDiaCorta, etiquetaPeriodo, formatMoneyEje, formatNumberEje, textoVariacion } from './formato';

describe('textoVariacion', () => {
  it('says the change with its arrow and sign, not colour alone', () => {
    expect(textoVariacion(12.5)).toBe('▲ +12,5 %');
    expect(textoVariacion(-3)).toBe('▼ -3,0 %');
    expect(textoVariacion(0)).toBe('= 0,0 %');
    expect(textoVariacion(2, 'p.p.')).toBe('▲ +2,0 p.p.');
    expect(textoVariacion(null)).toBe('Sin datos previos');
  });
});

describe('axis and point labels', () => {
  it('writes amounts es-AR without centavos, short from a million on', () => {
    expect(formatMoneyEje(45000).replace(/\s/g, ' ')).toBe('$ 45.000');
    expect(formatMoneyEje(1_500_000).replace(/\s/g, ' ')).toBe('$ 1,5 M');
    expect(formatNumberEje(1200)).toBe('1.200');
    expect(formatNumberEje(0.5)).toBe('');
  });

  it('names days dd/mm/aaaa (dd/mm on the axis) and months by name', () => {
    expect(etiquetaPeriodo('2026-11-25')).toBe('25/11/2026');
    expect(etiquetaDiaCorta('2026-11-25')).toBe('25/11');
    expect(etiquetaPeriodo('2026-11')).toBe('Nov 2026');
    expect(etiquetaDiaCorta('2026-01')).toBe('Ene 2026');
  });
});
