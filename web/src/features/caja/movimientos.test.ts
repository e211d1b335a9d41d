import { describe, expect, it } from 'vitest';
import { SENTIDOS, TIPOS_MOVIMIENTO, vistaMovimiento } from './movimientos';

describe('vistaMovimiento', () => {
  it("shows a reactivation's charge as income, as the server's direction says", () => {
    expect(vistaMovimiento({ tipo: 'reactivacion_pasaje', sentido: 'ingreso', monto: 4500 })).toEqual({
      etiqueta: 'Ingreso', color: 'green', texto: 'green', tipo: 'Cobro por reactivación', monto: '+$\u00a04.500,00',
    });
  });

  it("shows a refund as an expense with its minus sign, whatever the amount's own sign", () => {
    for (const monto of [4500, -4500]) {
      expect(vistaMovimiento({ tipo: 'devolucion_pasaje', sentido: 'egreso', monto })).toEqual({
        etiqueta: 'Egreso', color: 'red', texto: 'red.9', tipo: 'Devolución de pasaje', monto: '-$\u00a04.500,00',
      });
    }
  });

  it('shows a blind cashier that the amount is hidden, not a zero', () => {
    expect(vistaMovimiento({ tipo: 'venta_pasaje', sentido: 'ingreso', monto: null })).toEqual({
      etiqueta: 'Ingreso', color: 'green', texto: 'dimmed', tipo: 'Venta de pasaje', monto: 'Oculto',
    });
  });

  it('names every movement type and each direction in its own words and colour', () => {
    expect(Object.keys(TIPOS_MOVIMIENTO).sort()).toEqual(
      ['devolucion_pasaje', 'egreso_gasto', 'ingreso_extra', 'reactivacion_pasaje', 'retiro_caja', 'venta_pasaje'],
    );
    expect(new Set(Object.values(TIPOS_MOVIMIENTO)).size).toBe(6);
    expect(TIPOS_MOVIMIENTO.retiro_caja).toBe('Retiro a caja fuerte');
    expect(SENTIDOS.ingreso.color).not.toBe(SENTIDOS.egreso.color);
  });
});
