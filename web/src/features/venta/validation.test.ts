import { describe, expect, it } from 'vitest';
import { cajaDeVenta, MSG_CIERRE_PENDIENTE, primerError, VENTA_MESSAGES, type VentaACheckear } from './validation';

const VALIDA: VentaACheckear = {
  caja: 'abierta',
  seccionId: 1,
  totalPasajeros: 3,
  medioPagoId: 1,
  fechaViaje: '2026-11-22',
  hoy: '2026-11-22',
};

describe('primerError', () => {
  it('passes a complete sale for today or later', () => {
    expect(primerError(VALIDA)).toBeNull();
    expect(primerError({ ...VALIDA, fechaViaje: '2026-12-01' })).toBeNull();
  });

  it('reports only the first failing check, in the order of the spec', () => {
    const todoMal: VentaACheckear = { caja: 'sin_caja', seccionId: null, totalPasajeros: 0, medioPagoId: null, fechaViaje: '', hoy: VALIDA.hoy };
    const pasos: [Partial<VentaACheckear>, string][] = [
      [{}, VENTA_MESSAGES.sinCaja],
      [{ caja: 'abierta' }, VENTA_MESSAGES.sinSeccion],
      [{ seccionId: 1 }, VENTA_MESSAGES.sinPasajeros],
      [{ totalPasajeros: 1 }, VENTA_MESSAGES.sinMedioPago],
      [{ medioPagoId: 1 }, VENTA_MESSAGES.sinFecha],
      [{ fechaViaje: '2026-11-21' }, VENTA_MESSAGES.fechaPasada],
    ];
    let venta = todoMal;
    for (const [arreglo, mensaje] of pasos) {
      venta = { ...venta, ...arreglo };
      expect(primerError(venta)).toBe(mensaje);
    }
  });

  it('refuses a register whose close waits for approval before anything else, with the server\'s text', () => {
    expect(primerError({ ...VALIDA, caja: 'cierre_pendiente', seccionId: null })).toBe(MSG_CIERRE_PENDIENTE);
    expect(MSG_CIERRE_PENDIENTE).toBe('La caja tiene un cierre pendiente de aprobación de un supervisor');
  });

  it('reads the register\'s state for the sale', () => {
    expect(cajaDeVenta(null)).toBe('sin_caja');
    expect(cajaDeVenta({ pendiente_aprobacion: false })).toBe('abierta');
    expect(cajaDeVenta({ pendiente_aprobacion: true })).toBe('cierre_pendiente');
  });

  it('uses the exact texts of the spec', () => {
    expect(Object.values(VENTA_MESSAGES)).toEqual([
      'No hay caja abierta. Debe abrir una caja antes de realizar ventas.',
      'Debe seleccionar una sección',
      'Debe agregar al menos un pasajero',
      'Debe seleccionar un medio de pago',
      'Debe seleccionar una fecha de viaje',
      'La fecha de viaje no puede ser anterior a hoy',
    ]);
  });
});
