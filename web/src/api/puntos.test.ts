import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { describirValor, TIPOS_BENEFICIO } from './puntos';

describe('benefits in words', () => {
  it('names every kind in Spanish', () => {
    expect(Object.values(TIPOS_BENEFICIO)).toEqual([
      'Descuento porcentual', 'Descuento fijo', 'Pasaje gratis', 'Cambio a una sección superior', 'Puntos extra',
    ]);
  });

  it('says what each gives, money as $ 1.500,50', () => {
    expect(describirValor({ tipo: 'descuento_porcentaje', valor: 12.5 }, formatMoney)).toBe('12,5 % de descuento');
    expect(describirValor({ tipo: 'descuento_fijo', valor: 1500.5 }, formatMoney)).toBe('$\u00a01.500,50 de descuento');
    expect(describirValor({ tipo: 'upgrade_seccion', valor: 0 }, formatMoney)).toBe('Viaje en una sección superior');
  });
});
